/**
 * Payouts (see docs/product.md, Payouts and States): the seller's
 * payouts page, the payout's status transitions with their notifications, and reconciling
 * Stripe's transfer events. The monthly run that creates the payouts is in run.ts, the transfer
 * itself in transfer.ts (the one module that calls Stripe, so the API's function does not carry
 * stripe-node). The payouts domain is the one writer of payouts: the billing
 * webhook calls `recordTransferEvent`.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { oneTimeSalesOfSellerInMonth } from '../ledger/service';
import { connectAccountOf } from './connect-account';
import { countSellerDownloadsInMonth } from '../downloads/seller-counts';
import { notificationWrites } from '../notifications/service';
import type { Stripe } from '../shared/adapters/stripe';
import { config } from '../shared/config';
import { formatGbp } from '../../contract/money';
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
import type { NotificationType } from '../../contract/notifications';
import type { Profile } from '../../contract/profile';
import { MONTH_PATTERN, addMonths, monthName, monthOf } from './months';
import {
  getPayout,
  getPayoutRuns,
  listPayoutsByStatus,
  listPayoutsOfSeller,
  transitionPayout,
  transitionPayoutWrites,
  commitPayoutWrites,
  type PayoutTransitionItems,
  type PayoutItem,
  type PayoutKey,
  type PayoutTransition,
} from './repo';
import { splitSale } from './split';

/** Where payout notifications lead. */
export const PAYOUTS_LINK = '/payouts';

/** The reason recorded when Stripe reverses a transfer we made. */
export const TRANSFER_REVERSED_REASON = 'Transfer reversed';

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
 * - Total Downloads: all-time downloads of the seller's templates, as the seller dashboard counts
 *   them (the templates' download counts).
 * - `connected`: a Connect account exists (else the page shows the Connect prompt).
 */
export const listMyPayouts = async (
  profile: Profile,
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
      total_downloads: templates.stats.totalDownloads,
      currency: config().STRIPE_CURRENCY,
    },
    items: shown.map(toPayout),
    connected: account.accountId !== null,
  };
};

// ---------------------------------------------------------------------------------------------
// Status transitions (each with its notification, in one transaction)
// ---------------------------------------------------------------------------------------------

/** The seller's notifications of a payout (amounts in the currency charged, GBP). */
export const payoutMessages = {
  payout_initiated: (item: PayoutItem) =>
    `Your payout of ${formatGbp(item.commission_amount)} for ${monthName(item.month_year)} is on its way to your Stripe account.`,
  payout_completed: (item: PayoutItem) =>
    `Your payout of ${formatGbp(item.commission_amount)} for ${monthName(item.month_year)} has been paid to your Stripe account.`,
  payout_failed: (item: PayoutItem, reason: string) =>
    `Your payout of ${formatGbp(item.commission_amount)} for ${monthName(item.month_year)} failed: ${reason}`,
} as const;

/** The writes of one payout notification, for a transition's transaction. */
export const notify = (
  item: PayoutItem,
  type: Extract<NotificationType, `payout_${string}`>,
  message: string,
  now: string,
) => notificationWrites({ userId: item.seller_id, type, message, link: PAYOUTS_LINK }, now);

/** What the Transfer step did with one payout. */
export type TransferOutcome = 'completed' | 'failed' | 'pending' | 'skipped';

/**
 * pending → processing with the destination, and `payout_initiated`, in one transaction: only one
 * attempt ever gets past this (condition `status = pending`).
 */
export const recordProcessing = async (item: PayoutItem, destination: string): Promise<boolean> => {
  const now = new Date().toISOString();
  const result = await transitionPayout({
    key: item,
    payoutId: item.id,
    from: ['pending'],
    to: 'processing',
    set: { stripe_account_id: destination },
    now,
    notification: notify(item, 'payout_initiated', payoutMessages.payout_initiated(item), now),
  });
  return !result.canceled;
};

/** processing → completed with the transfer, and `payout_completed`. */
const completedTransition = (
  item: PayoutItem,
  transferId: string,
  processedAt: string,
  now: string,
): PayoutTransition => ({
  key: item,
  payoutId: item.id,
  from: ['processing'],
  to: 'completed',
  set: { stripe_transfer_id: transferId, processed_at: processedAt },
  now,
  notification: notify(item, 'payout_completed', payoutMessages.payout_completed(item), now),
});

/** `from` → failed with the reason, and `payout_failed`. */
const failedTransition = (
  item: PayoutItem,
  reason: string,
  from: readonly PayoutStatus[],
  now: string,
): PayoutTransition => ({
  key: item,
  payoutId: item.id,
  from,
  to: 'failed',
  set: { failure_reason: reason, processed_at: item.processed_at ?? now },
  now,
  notification: notify(item, 'payout_failed', payoutMessages.payout_failed(item, reason), now),
});

/** processing → completed with the transfer, and `payout_completed`, in one transaction. */
export const recordCompleted = async (
  item: PayoutItem,
  transferId: string,
  processedAt: string,
): Promise<boolean> => {
  const now = new Date().toISOString();
  const result = await transitionPayout(completedTransition(item, transferId, processedAt, now));
  return !result.canceled;
};

/** `from` → failed with the reason, and `payout_failed`, in one transaction. */
export const recordFailed = async (
  item: PayoutItem,
  reason: string,
  from: readonly PayoutStatus[],
): Promise<boolean> => {
  const now = new Date().toISOString();
  const result = await transitionPayout(failedTransition(item, reason, from, now));
  return !result.canceled;
};

/** After a refused transition: what the payout's status says happened. */
export const outcomeOf = async (key: PayoutKey): Promise<TransferOutcome> => {
  const fresh = await getPayout(key);
  if (fresh?.status === 'completed') return 'completed';
  if (fresh?.status === 'failed') return 'failed';
  if (fresh?.status === 'pending') return 'pending';
  return 'skipped';
};

// ---------------------------------------------------------------------------------------------
// Stripe's transfer events (called by the billing webhook)
// ---------------------------------------------------------------------------------------------

export type TransferEventEffect = 'completed' | 'reversed' | 'ignored';

/** Whether a transfer carries the metadata of one of our payouts (the Transfer step sets it). */
export const isPayoutTransfer = (transfer: Stripe.Transfer): boolean => {
  const {
    payout_id: payoutId,
    seller_id: sellerId,
    month_year: monthYear,
  } = transfer.metadata ?? {};
  return Boolean(payoutId && sellerId && monthYear && MONTH_PATTERN.test(monthYear));
};

/**
 * What Stripe's `transfer.created` / `.updated` / `.reversed` event does to its payout (the
 * transfer as the event carries it; `eventCreated` in seconds), decided from one read, as the
 * items that the caller commits with the event's claim. Idempotent, and safe in any order:
 *
 * - a reversed transfer (any amount reversed) moves a processing or completed payout to failed
 *   ('Transfer reversed', `payout_failed`): the only way a completed payout ever moves;
 * - otherwise a processing payout becomes completed with the transfer (`payout_completed`), as if
 *   the Transfer step had recorded it (which it then finds done);
 * - a payout already past that state, a transfer of no payout of ours, or one whose metadata does
 *   not match the payout's id changes nothing (no items).
 *
 * The items are conditional on the status read, so a commit refused by them means the payout
 * moved meanwhile: plan again.
 */
export const planTransferEvent = async (
  transfer: Stripe.Transfer,
  eventCreated: number,
  now: string,
): Promise<{ effect: TransferEventEffect; writes: PayoutTransitionItems }> => {
  const ignored = { effect: 'ignored' as const, writes: {} };
  if (!isPayoutTransfer(transfer)) return ignored;
  const { payout_id: payoutId, seller_id: sellerId, month_year: monthYear } = transfer.metadata;
  const item = await getPayout({ seller_id: sellerId!, month_year: monthYear! });
  if (!item || item.id !== payoutId) return ignored;

  if (transfer.reversed || transfer.amount_reversed > 0) {
    const from: readonly PayoutStatus[] = ['processing', 'completed'];
    if (!from.includes(item.status)) return ignored;
    const writes = transitionPayoutWrites(
      failedTransition(item, TRANSFER_REVERSED_REASON, from, now),
    );
    return { effect: 'reversed', writes };
  }
  if (item.status !== 'processing') return ignored;
  const processedAt = new Date((transfer.created || eventCreated) * 1000).toISOString();
  const writes = transitionPayoutWrites(completedTransition(item, transfer.id, processedAt, now));
  return { effect: 'completed', writes };
};

/**
 * Counts a committed transfer event's effect: whichever records the transfer first (this event or
 * the Transfer step) counts it paid; a reversal counts it failed.
 */
export const countTransferEffect = (effect: TransferEventEffect): void => {
  if (effect === 'completed') countFact(businessMetrics.payoutsPaid);
  if (effect === 'reversed') countFact(businessMetrics.payoutsFailed);
};

/** `planTransferEvent` committed on its own (no event claim): for tests and scripts. */
export const recordTransferEvent = async (
  transfer: Stripe.Transfer,
  eventCreated: number,
): Promise<TransferEventEffect> => {
  const plan = await planTransferEvent(transfer, eventCreated, new Date().toISOString());
  if (plan.effect === 'ignored') return 'ignored';
  if ((await commitPayoutWrites(plan.writes)).canceled) return 'ignored';
  countTransferEffect(plan.effect);
  return plan.effect;
};
