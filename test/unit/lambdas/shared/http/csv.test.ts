/** The CSV encoder of downloads: RFC 4180 quoting and the spreadsheet formula guard. */
import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, csvResponse } from '../../../../../lambdas/shared/http/csv';

describe('csvField', () => {
  it('leaves plain values as they are, and empties null and undefined', () => {
    expect(csvField('ann@example.com')).toBe('ann@example.com');
    expect(csvField('2026-03-01T10:00:00.000Z')).toBe('2026-03-01T10:00:00.000Z');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
    expect(csvField("o'brien@example.com")).toBe("o'brien@example.com");
  });

  it('quotes fields with a comma, a quote, CR or LF, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvField('"')).toBe('""""');
  });

  it('prefixes a field that a spreadsheet would run as a formula with a single quote', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+1@x.com')).toBe("'+1@x.com");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    // CR both starts a formula and needs quotes: guarded first, then quoted.
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    // Only the first character counts.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-1)).toBe("'-1");
  });
});

describe('csvRecord', () => {
  it('joins the fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', null, '=x'])).toBe('a,"b,c",,\'=x\r\n');
    expect(csvRecord([])).toBe('\r\n');
  });
});

describe('csvResponse', () => {
  it('is an uncached text/csv attachment with the body as given', () => {
    const body = 'email\r\nann@example.com\r\n';
    expect(csvResponse('subscribers-2026-11-23.csv', body)).toEqual({
      statusCode: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="subscribers-2026-11-23.csv"',
        'cache-control': 'no-store',
      },
      body,
    });
  });
});
