/** Calendar months as `YYYY-MM` (UTC), the payouts' unit of time. */

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month of a moment (UTC). */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** The month `offset` months from `monthYear` (negative: earlier). */
export const addMonths = (monthYear: string, offset: number): string => {
  const [year, month] = monthYear.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, month - 1 + offset, 1)));
};

/** The month before the one `date` falls in: the month a run started at `date` pays. */
export const previousMonthOf = (date: Date): string => addMonths(monthOf(date), -1);

/**
 * One formatter for every message of a run (`toLocaleString` with options builds one each call),
 * made on the first message rather than when the module loads, which a cold start would pay.
 */
let monthNameFormat: Intl.DateTimeFormat | undefined;

/** `July 2025`, for messages. */
export const monthName = (monthYear: string): string => {
  const [year, month] = monthYear.split('-').map(Number) as [number, number];
  monthNameFormat ??= new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return monthNameFormat.format(new Date(Date.UTC(year, month - 1, 1)));
};
