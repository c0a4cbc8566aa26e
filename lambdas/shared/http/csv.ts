/**
 * CSV for downloads that people open in a spreadsheet (the admin's subscriber export):
 *
 * - RFC 4180: a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled;
 *   records end with CRLF.
 * - Formula injection (OWASP "CSV injection"): a field starting with `=`, `+`, `-`, `@`, TAB or
 *   CR would be run as a formula by Excel or Sheets, so it gets a leading single quote, which the
 *   spreadsheet shows as text. Anyone can type such an "address" into a public form.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, guarded and quoted as needed; `null`/`undefined` is the empty field. */
export const csvField = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One record, CRLF-terminated. */
export const csvRecord = (fields: readonly (string | number | boolean | null | undefined)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

/** A CSV file as a download: never cached, named `filename` (ASCII, no quotes: ours). */
export const csvResponse = (filename: string, body: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 200,
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  },
  body,
});
