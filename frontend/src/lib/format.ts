/**
 * How numbers and dates read everywhere: one format for counts, ratings and sizes, so a template
 * shows 6,644 downloads on its card, its page and in the dashboards alike, and one British date
 * format (27 Nov 2026, with 14:05 where the time matters) whatever the browser's locale.
 */

const counts = new Intl.NumberFormat('en-GB');

/** A count with thousands separators: 6,644. */
export const formatCount = (value: number): string => counts.format(value);

/** The text shown where a template has no rating yet. */
export const NO_RATINGS_TEXT = 'No ratings yet';

/** Ratings are 1–5, so an average of 0 (or none) means nobody has rated it yet. */
export const isRated = (average: number | null | undefined): average is number =>
  typeof average === 'number' && Number.isFinite(average) && average > 0;

/** An average rating to one decimal: 4.5. */
export const formatRating = (average: number): string =>
  (Number.isFinite(average) ? average : 0).toFixed(1);

/** `Rated 4.5 out of 5`, or `No ratings yet`: for labels and screen readers. */
export const describeRating = (average: number | null | undefined): string =>
  isRated(average) ? `Rated ${formatRating(average)} out of 5` : NO_RATINGS_TEXT;

/** `2026-05` → `May 2026` (a payout's month, not a day); anything else as it is. */
export function formatMonthYear(monthYear: string): string {
  const [year, month] = monthYear.split('-').map(Number);
  if (!year || !month) return monthYear;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** `2026-11` → `Nov 26`: short, for chart axes. */
export function formatShortMonth(monthYear: string): string {
  const [year, month] = monthYear.split('-').map(Number);
  if (!year || !month) return monthYear;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-GB', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
}

/** A moment as the API sends it: an ISO string, epoch milliseconds or a Date. */
export type DateInput = string | number | Date;

const dates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const times = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** What a missing or unreadable date shows. */
export const NO_DATE_TEXT = '—';

const toDate = (value: DateInput | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day, in the reader's time zone: `27 Nov 2026` (`—` when absent or unreadable). */
export function formatDate(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? dates.format(date) : NO_DATE_TEXT;
}

/** A day and the time of day, 24-hour: `27 Nov 2026, 14:05` (`—` when absent or unreadable). */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? `${dates.format(date)}, ${times.format(date)}` : NO_DATE_TEXT;
}

/** The time of day, 24-hour with seconds: `14:05:09`. */
export function formatTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date
    ? date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : NO_DATE_TEXT;
}
