/**
 * How numbers read everywhere (issue 13 §4): one format for counts, ratings and sizes, so a
 * template shows 6,644 downloads on its card, its page and in the dashboards alike.
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
