/**
 * The admin dashboard's overview: the 8 stat cards from
 * counters, never a scan, and the short lists each owning domain serves (the oldest pending
 * templates, the oldest pending payouts, the newest users). Read only: this domain writes nothing.
 */
import { listOldestPendingPayouts } from '../payouts/pending-payouts';
import { listNewestUsers } from '../profiles/admin-lookups';
import { PENDING_TEMPLATE_STATUSES } from '../../contract/admin-templates';
import {
  OVERVIEW_NEWEST_USERS,
  OVERVIEW_PENDING_TEMPLATES,
  OVERVIEW_PENDING_PAYOUTS,
  type AdminOverview,
  type OverviewStats,
} from '../../contract/admin-overview';
import {
  countPendingChanges,
  getTemplateStatusCounts,
  listOldestPendingTemplates,
} from '../templates/moderation-queue';
import { counterBuckets, counterTotal, sumOfDays } from '../stats/service';

/** The day one month before `now` (UTC; the 31st of a shorter month is its last day). */
export const oneMonthBack = (now: Date): string => {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay)))
    .toISOString()
    .slice(0, 10);
};

const sumOf = (values: Iterable<number>) => [...values].reduce((sum, value) => sum + value, 0);

/**
 * The 8 figures: `users` by role (P2, P12), `mvps` by status (M2–M5) with the changes of live
 * templates in review (V3, M15 counted), `revenue` all and its day
 * buckets of the last month (B1), `downloads` over its shards, `rating_sum` / `rating_count`.
 */
export const getOverviewStats = async (now = new Date()): Promise<OverviewStats> => {
  const today = now.toISOString().slice(0, 10);
  const [
    users,
    mvps,
    pendingChanges,
    totalRevenue,
    monthlyRevenue,
    totalDownloads,
    ratingSum,
    ratingCount,
  ] = await Promise.all([
    counterBuckets('users'),
    getTemplateStatusCounts(),
    countPendingChanges(),
    counterTotal('revenue'),
    sumOfDays('revenue', oneMonthBack(now), today),
    counterTotal('downloads'),
    counterTotal('rating_sum'),
    counterTotal('rating_count'),
  ]);
  return {
    totalUsers: sumOf(users.values()),
    totalSellers: (users.get('seller') ?? 0) + (users.get('both') ?? 0),
    totalMVPs: sumOf(
      Object.entries(mvps)
        .filter(([status]) => status !== 'archived')
        .map(([, count]) => count),
    ),
    // Pending templates, and the new versions and held edits of live ones (no status of their own).
    pendingMVPs:
      sumOf(PENDING_TEMPLATE_STATUSES.map((status) => mvps[status] ?? 0)) + pendingChanges,
    totalRevenue,
    monthlyRevenue,
    totalDownloads,
    averageRating: ratingCount === 0 ? 0 : Math.round((ratingSum / ratingCount) * 100) / 100,
  };
};

/** `GET /api/admin/overview`. */
export const getAdminOverview = async (now = new Date()): Promise<AdminOverview> => {
  const [stats, pendingMvps, pendingPayouts, newestUsers] = await Promise.all([
    getOverviewStats(now),
    listOldestPendingTemplates(OVERVIEW_PENDING_TEMPLATES),
    listOldestPendingPayouts(OVERVIEW_PENDING_PAYOUTS, now),
    listNewestUsers(OVERVIEW_NEWEST_USERS),
  ]);
  return {
    stats,
    pendingMvps,
    pendingPayouts,
    newestUsers: newestUsers.map((user) => ({
      id: user.id,
      email: user.email,
      username: user.username ?? null,
      display_name: user.display_name ?? null,
      role: user.role,
      is_seller_approved: user.is_seller_approved,
      created_at: user.created_at,
    })),
  };
};
