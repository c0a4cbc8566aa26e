/**
 * The analytics tab's chart rows: the API's daily series (keyed `YYYY-MM-DD`, UTC, zero-filled)
 * as one row per day, and the axis labels for a period (days, or months for a year).
 */
import type { AdminAnalytics, AnalyticsPeriod } from '@contracts/admin-analytics';

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

/** The axis label of a day: `23 Nov`, or `Nov 26` over a year (where ticks fall on months). */
export const axisLabel = (day: string, period: AnalyticsPeriod): string =>
  (period === 'year' ? monthLabel : dayLabel).format(new Date(`${day}T00:00:00Z`));

/** The full date of a day, for tooltips: `Mon, 23 Nov 2026`. */
export const tooltipLabel = (day: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
