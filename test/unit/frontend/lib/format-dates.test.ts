import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatTime,
} from '../../../../frontend/src/lib/format';

const FRONTEND = join(__dirname, '../../../../frontend/src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

describe('date formatting', () => {
  // The test process runs in UTC (vitest's default TZ on CI and here); midday keeps the day
  // the same in any zone a developer might run it in.
  const moment = '2026-03-04T12:05:09.000Z';

  it('formats a day the British way whatever the input type', () => {
    expect(formatDate(moment)).toBe('4 Mar 2026');
    expect(formatDate(Date.parse(moment))).toBe('4 Mar 2026');
    expect(formatDate(new Date(moment))).toBe('4 Mar 2026');
  });

  it('adds a 24-hour time for date-times', () => {
    expect(formatDateTime(moment)).toMatch(/^4 Mar 2026, \d{2}:05$/);
    expect(formatTime(moment)).toMatch(/^\d{2}:05:09$/);
  });

  it('shows a dash for a missing or unreadable date, never "Invalid Date"', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe('—');
      expect(formatDateTime(value)).toBe('—');
    }
  });

  it('names a month in full', () => {
    expect(formatMonthYear('2026-05')).toBe('May 2026');
  });

  it('is the only place the frontend formats a date', () => {
    const offenders = sourceFiles(FRONTEND)
      .filter((path) => !path.endsWith(join('lib', 'format.ts')))
      .filter((path) =>
        /toLocaleDateString|toLocaleTimeString|toLocaleString\(\)|toLocaleString\(undefined/.test(
          readFileSync(path, 'utf8'),
        ),
      )
      .map((path) => relative(FRONTEND, path));
    expect(offenders).toEqual([]);
  });
});
