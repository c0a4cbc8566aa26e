/**
 * A payout's status transitions, each with the seller's notification in one transaction, and
 * Stripe's transfer events reconciled with them. Apart from the payouts page's reads
 * (service.ts), so that what moves a payout (the Transfer step, the billing webhook, an admin's
 * action) loads no more than it needs: no ledger, no download counts.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { notificationWrites } from '../notifications/service';
import type { Stripe } from '../shared/adapters/stripe';
import { formatGbp } from '../../contract/money';
import type { PayoutStatus } from '../../contract/payouts';
import type { NotificationType } from '../../contract/notifications';
import { MONTH_PATTERN, monthName } from './months';
import {
  getPayout,
  transitionPayout,
  transitionPayoutWrites,
  commitPayoutWrites,
  type PayoutTransitionItems,
  type PayoutItem,
  type PayoutKey,
  type PayoutTransition,
} from './repo';

/** Where payout notifications lead. */
export const PAYOUTS_LINK = '/payouts';

/** The reason recorded when Stripe reverses a transfer we made. */
export const TRANSFER_REVERSED_REASON = 'Transfer reversed';

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
