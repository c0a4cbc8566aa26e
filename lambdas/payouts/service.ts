/**
 * Payouts (see docs/product.md, Payouts and States): the seller's payouts page and the payouts'
 * API shapes. The status transitions with their notifications, and Stripe's transfer events
 * reconciled with them, are in transitions.ts; the monthly run that creates the payouts is in
 * run.ts, the transfer itself in transfer.ts (the one module that calls Stripe, so the API's
 * function does not carry stripe-node). The payouts domain is the one writer of payouts: the
 * billing webhook calls `planTransferEvent`.
 */
import { oneTimeSalesOfSellerInMonth } from '../ledger/service';
import { connectAccountOf } from './connect-account';
import { countSellerDownloadsInMonth } from '../downloads/seller-counts';
import { config } from '../shared/config';
import {
  BPS,
  SELLER_SHARE_BPS,
  type AdminPayout,
  type AdminPayoutFilter,
  type Payout,
  type PayoutFilter,
  type PayoutStatus,
  type SellerPayouts,
} from '../../contract/payouts';
import type { UserProfile } from '../../contract/profile';
import { addMonths, monthOf } from './months';
import { getPayoutRuns, listPayoutsByStatus, listPayoutsOfSeller, type PayoutItem } from './repo';
import { splitSale } from './split';

/** The stored item as the API shape: an allow-list (no e-mail, no Stripe ids). */
export const toPayout = (item: PayoutItem): Payout => ({
  id: item.id,
  seller_id: item.seller_id,
  month_year: item.month_year,
  total_downloads: item.total_downloads,
  commission_amount: item.commission_amount,
  platform_fee_deducted: item.platform_fee_deducted,
  gross_amount: item.gross_amount,
  currency: item.currency,
  status: item.status,
  created_at: item.created_at,
  processed_at: item.processed_at ?? null,
  failure_reason: item.failure_reason ?? null,
});

/**
 * A payout as admins see it: with the seller's snapshot, whether their Connect account can
 * receive payouts now, and the transfer.
 */
export const toAdminPayout = (item: PayoutItem, payoutsEnabled: boolean): AdminPayout => ({
  ...toPayout(item),
  seller: {
    id: item.seller_id,
    email: item.seller_email,
    username: item.seller_username ?? null,
    display_name: item.seller_display_name ?? null,
    payouts_enabled: payoutsEnabled,
  },
  stripe_transfer_id: item.stripe_transfer_id ?? null,
});

/** The last month a payout can be of (the status query reads every month up to it). */
const LAST_MONTH = '9999-12';

/**
 * `GET /api/admin/payouts?status=`: the payouts of one status, oldest month first, each with
 * whether its seller can receive payouts now (one read per seller, not per payout).
 */
export const listPayoutsForAdmin = async (status: AdminPayoutFilter): Promise<AdminPayout[]> => {
  const items = await listPayoutsByStatus(status, LAST_MONTH);
  const sellers = [...new Set(items.map((item) => item.seller_id))];
  const accounts = await Promise.all(sellers.map((sellerId) => connectAccountOf(sellerId)));
  const receiving = new Set(
    sellers.filter((_, i) => accounts[i]!.accountId !== null && accounts[i]!.payoutsEnabled),
  );
  return items.map((item) => toAdminPayout(item, receiving.has(item.seller_id)));
};

/** Which statuses a filter of the page shows: "Pending" includes payouts being transferred. */
const FILTERED_STATUSES: Record<Exclude<PayoutFilter, 'all'>, readonly PayoutStatus[]> = {
  pending: ['pending', 'processing'],
  completed: ['completed'],
  failed: ['failed'],
};

const sumOf = (items: readonly PayoutItem[], statuses: readonly PayoutStatus[]) =>
  items
    .filter((item) => statuses.includes(item.status))
    .reduce((sum, item) => sum + item.commission_amount, 0);

/** How far back "This Month" looks for the last completed run's pool per download. */
const ESTIMATE_LOOKBACK_MONTHS = 12;

/**
 * "This Month" (an estimate): the month's downloads so far, each worth what a download earned in
 * the last completed run (70% of its pool over its downloads), plus 70% of the month's one-time
 * sales so far. Rounded down: an estimate should not promise a penny more.
 */
export const estimateThisMonth = async (sellerId: string, now: Date): Promise<number> => {
  const month = monthOf(now);
  const earlier = Array.from({ length: ESTIMATE_LOOKBACK_MONTHS }, (_, i) =>
    addMonths(month, -(i + 1)),
  );
  const [downloads, sales, runs] = await Promise.all([
    countSellerDownloadsInMonth(sellerId, month),
    oneTimeSalesOfSellerInMonth(sellerId, month),
    getPayoutRuns(earlier),
  ]);
  const lastRun = runs
    .filter((run) => run.status === 'completed' && run.total_downloads > 0)
    .sort((a, b) => (a.month_year < b.month_year ? 1 : -1))[0];
  const poolPart = lastRun
    ? (BigInt(SELLER_SHARE_BPS) * BigInt(lastRun.pool_amount) * BigInt(downloads)) /
      (BigInt(BPS) * BigInt(lastRun.total_downloads))
    : 0n;
  return Number(poolPart) + splitSale(Math.max(0, sales.amount)).share;
};

/**
 * The seller's payout months (any status) with the two shares they were computed from, minor
 * units: the seller's analytics spread them over the templates.
 */
export const payoutSharesOfSeller = async (
  sellerId: string,
): Promise<{ month: string; poolShare: number; salesShare: number }[]> =>
  (await listPayoutsOfSeller(sellerId)).map((item) => ({
    month: item.month_year,
    poolShare: item.pool_share_amount,
    salesShare: item.sales_share_amount,
  }));

/**
 * `GET /api/payouts?status=`: the caller's payouts (newest month first, filtered) and the four
 * figures of the page, from the caller's own rows only.
 *
 * - Total Earnings: completed payouts; Pending Payouts: pending and processing ones.
 * - This Month: `estimateThisMonth`.
 * - Total Downloads: the seller figures' downloads (contract/seller-figures.ts), as the dashboard,
 *   the analytics and the public seller page show them.
 * - `connected`: a Connect account exists (else the page shows the Connect prompt).
 */
export const listMyPayouts = async (
  profile: UserProfile,
  filter: PayoutFilter,
  now = new Date(),
): Promise<SellerPayouts> => {
  // Imported here, not at the top: only the seller's page lists templates, and the payout steps
  // that import this module for the status transitions would load the templates service and the
  // catalog's schemas behind it at each cold start (docs/architecture.md, Cold starts).
  const { listMyTemplates } = await import('../templates/service');
  const [items, thisMonth, templates, account] = await Promise.all([
    listPayoutsOfSeller(profile.id),
    estimateThisMonth(profile.id, now),
    listMyTemplates(profile),
    connectAccountOf(profile.id),
  ]);
  const shown =
    filter === 'all'
      ? items
      : items.filter((item) => FILTERED_STATUSES[filter].includes(item.status));
  return {
    summary: {
      total_earnings: sumOf(items, ['completed']),
      pending_payouts: sumOf(items, ['pending', 'processing']),
      this_month_estimate: thisMonth,
      total_downloads: templates.stats.figures.downloads,
      currency: config().STRIPE_CURRENCY,
    },
    items: shown.map(toPayout),
    connected: account.accountId !== null,
  };
};
