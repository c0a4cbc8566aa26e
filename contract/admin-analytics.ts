/**
 * Admin analytics (the Analytics tab): what
 * `GET /api/admin/analytics?period=` answers. Days are UTC calendar days, as the counters that
 * feed it are bucketed (docs/data-model.md, section 3.17).
 */
import * as z from 'zod';
import type { AdminSearchDemand } from './search-demand';

export const ANALYTICS_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'month';

/** How many days (today included) each period covers. */
export const ANALYTICS_PERIOD_DAYS: Readonly<Record<AnalyticsPeriod, number>> = {
  day: 1,
  week: 7,
  month: 30,
  year: 365,
};

/** "New users are counted over the last 30 days", whatever the period. */
export const NEW_USERS_WINDOW_DAYS = 30;

export const ANALYTICS_MESSAGES = {
  loadFailed: 'Failed to load analytics data',
  invalidPeriod: `period must be one of ${ANALYTICS_PERIODS.join(', ')}.`,
} as const;

export const analyticsQuerySchema = z.object({
  period: z
    .enum(ANALYTICS_PERIODS, { error: ANALYTICS_MESSAGES.invalidPeriod })
    .default(DEFAULT_ANALYTICS_PERIOD),
});

/** One value per day of the period, oldest first, keyed `YYYY-MM-DD`; a day without any is 0. */
export type DailySeries = Record<string, number>;

export interface AdminAnalytics {
  period: AnalyticsPeriod;
  /** The period's first and last day (`YYYY-MM-DD`, UTC; `to` is today). */
  from: string;
  to: string;
  counts: {
    /** Money in (paid invoices and orders, before refunds) within the period, in pence. */
    totalRevenue: number;
    /** Downloads within the period. */
    totalDownloads: number;
    /** Profiles created over the last {@link NEW_USERS_WINDOW_DAYS} days, whatever the period. */
    newUsers: number;
  };
  trends: {
    users: DailySeries;
    downloads: DailySeries;
    /** Pence per day. */
    revenue: DailySeries;
  };
  /**
   * What buyers searched for over the period's last days (at most 30: searches are kept 40
   * days), and what found nothing.
   */
  searches: AdminSearchDemand;
}
