/**
 * Admin analytics: revenue, downloads and new users per day over a
 * period, read from the daily Counter buckets the writes keep (docs/data-model.md, section 3.17): new
 * profiles (`users_new`, P2), downloads (`downloads`, ten shards, docs/data-model.md section 4.1) and money in (`revenue`,
 * the Stripe webhook, B1). Three range queries whose size depends on the period only, never on how
 * many users or downloads there are: a year reads at most 365 + 365 + 3,650 small items (≈ 50 RRU).
 */
import {
  ANALYTICS_PERIOD_DAYS,
  NEW_USERS_WINDOW_DAYS,
  type AdminAnalytics,
  type AnalyticsPeriod,
  type DailySeries,
} from '../../contract/admin-analytics';
import { getDailyCounterValues } from './repo';
import { getAdminSearchDemand } from './search-demand';

const DAY_MS = 86_400_000;

/** The UTC day `offset` days after `now`'s (negative: before), as `YYYY-MM-DD`. */
const dayOf = (now: Date, offset: number): string =>
  new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

/** The last `count` days up to `now`'s, oldest first. */
const lastDays = (now: Date, count: number): string[] =>
  Array.from({ length: count }, (_, index) => dayOf(now, index - count + 1));

/** One value per day (0 where the counter has no bucket), in the days' order. */
const seriesOf = (days: readonly string[], values: ReadonlyMap<string, number>): DailySeries =>
  Object.fromEntries(days.map((day) => [day, values.get(day) ?? 0]));

const sumOf = (series: DailySeries): number =>
  Object.values(series).reduce((sum, value) => sum + value, 0);

/**
 * The period's figures as of `now`:
 *   1. the period's days (today included) and the new-users window (the last 30 days),
 *   2. one range query per counter, the users one covering both windows, and the searches of the
 *      period's last days (at most 30; search-demand.ts),
 *   3. zero-filled daily series, and the counts as their sums.
 */
export const getAdminAnalytics = async (
  period: AnalyticsPeriod,
  now: Date,
): Promise<AdminAnalytics> => {
  const days = lastDays(now, ANALYTICS_PERIOD_DAYS[period]);
  const newUserDays = lastDays(now, NEW_USERS_WINDOW_DAYS);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const usersFrom = newUserDays[0]! < from ? newUserDays[0]! : from;

  const [users, downloads, revenue, searches] = await Promise.all([
    getDailyCounterValues('users_new', usersFrom, to),
    getDailyCounterValues('downloads', from, to),
    getDailyCounterValues('revenue', from, to),
    getAdminSearchDemand(days.length, now),
  ]);

  const trends = {
    users: seriesOf(days, users),
    downloads: seriesOf(days, downloads),
    revenue: seriesOf(days, revenue),
  };
  return {
    period,
    from,
    to,
    counts: {
      totalRevenue: sumOf(trends.revenue),
      totalDownloads: sumOf(trends.downloads),
      newUsers: sumOf(seriesOf(newUserDays, users)),
    },
    trends,
    searches,
  };
};
