/**
 * The analytics tab's chart rows: the API's daily series (keyed `YYYY-MM-DD`, UTC, zero-filled)
 * as one row per day, and the axis labels for a period (days, or months for a year).
 */
import type { AdminAnalytics, AnalyticsPeriod } from '@contract/admin-analytics';

export interface AnalyticsRow {
  /** `YYYY-MM-DD` */
  day: string;
  users: number;
  downloads: number;
  /** Pence. */
  revenue: number;
}

/** One row per day of the period, oldest first (the order of the API's downloads series). */
export const analyticsRows = (analytics: AdminAnalytics): AnalyticsRow[] =>
  Object.keys(analytics.trends.downloads)
    .sort()
    .map((day) => ({
      day,
      users: analytics.trends.users[day] ?? 0,
      downloads: analytics.trends.downloads[day] ?? 0,
      revenue: analytics.trends.revenue[day] ?? 0,
    }));

/**
 * Where the x axis has ticks: over a year, the first day of each month (so each month is labelled
 * once); otherwise wherever the chart finds room (`undefined`).
 */
export const axisTicks = (
  rows: readonly AnalyticsRow[],
  period: AnalyticsPeriod,
): string[] | undefined =>
  period === 'year'
    ? rows.filter((row) => row.day.endsWith('-01')).map((row) => row.day)
    : undefined;

const dayLabel = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthLabel = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});

const fullLabel = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A day in one of the formats, or the value itself when it is not a day: the chart's tooltip
 * formats its label on every render, also before any bar is hovered (a placeholder then), and
 * formatting an invalid date throws.
 */
const formatDay = (format: Intl.DateTimeFormat, day: unknown): string => {
  const text = String(day);
  const date = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(date.getTime())
    ? format.format(date)
    : text;
};

/** The axis label of a day: `23 Nov`, or `Nov 26` over a year (where ticks fall on months). */
export const axisLabel = (day: unknown, period: AnalyticsPeriod): string =>
  formatDay(period === 'year' ? monthLabel : dayLabel, day);

/** The full date of a day, for tooltips: `Mon, 23 Nov 2026`. */
export const tooltipLabel = (day: unknown): string => formatDay(fullLabel, day);
