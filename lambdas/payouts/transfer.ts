/**
 * Paying one payout (the Transfer step of the monthly-payouts state machine): the one module of
 * the payouts domain that calls Stripe, so only the transfer task's bundle carries stripe-node.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { connectAccountOf, type ConnectAccount } from './connect-account';
import { isStripeError, stripe, type Stripe } from '../shared/adapters/stripe';
import { logger } from '../shared/observability';
import { getPayout, type PayoutItem, type PayoutKey } from './repo';
import {
  outcomeOf,
  recordCompleted,
  recordFailed,
  recordProcessing,
  type TransferOutcome,
} from './transitions';

/**
 * The payout's idempotency key at Stripe: one transfer per payout and attempt, however often we
 * ask (a failed payout an admin sends again is a new attempt).
 */
export const transferIdempotencyKey = (item: Pick<PayoutItem, 'id' | 'transfer_attempt'>) =>
  item.transfer_attempt ? `payout-${item.id}-${item.transfer_attempt}` : `payout-${item.id}`;

/** The transfer group of a month's payouts (seen together in Stripe's dashboard). */
export const transferGroupOf = (monthYear: string) => `payouts-${monthYear}`;

/**
 * Stripe errors a later attempt may not repeat: network, Stripe's own 5xx, rate limits, a
 * concurrent request with the same key, our own key being refused (configuration, not the
 * seller's fault). Anything else (invalid request, a destination that cannot receive) is the
 * payout's failure, recorded with Stripe's message.
 */
const isTransientStripeError = (error: Stripe.errors.StripeError): boolean =>
  [
    'StripeConnectionError',
    'StripeAPIError',
    'StripeRateLimitError',
    'StripeAuthenticationError',
  ].includes(error.type) ||
  (error.statusCode ?? 0) >= 500 ||
  error.statusCode === 409 ||
  error.statusCode === 429;

/**
 * Stripe keeps idempotency keys for 24 hours: within that (with an hour's margin) a repeated
 * `transfers.create` is answered with the transfer an earlier attempt made.
 */
const IDEMPOTENCY_WINDOW_MS = 23 * 60 * 60 * 1000;

/**
 * A transfer made for this payout by an earlier attempt that crashed before recording it, for a
 * payout left `processing` longer than Stripe keeps the key: looked up in its month's transfer
 * group by the payout id in its metadata before anything is sent again.
 */
const findEarlierTransfer = async (item: PayoutItem): Promise<Stripe.Transfer | null> => {
  const client = await stripe();
  for await (const transfer of client.transfers.list({
    transfer_group: transferGroupOf(item.month_year),
    limit: 100,
  })) {
    // A reversed transfer belongs to an earlier attempt whose money went back.
    if (transfer.metadata.payout_id === item.id && !transfer.reversed) return transfer;
  }
  return null;
};

const createTransfer = async (item: PayoutItem, destination: string) => {
  const client = await stripe();
  return client.transfers.create(
    {
      amount: item.commission_amount,
      currency: item.currency,
      destination,
      transfer_group: transferGroupOf(item.month_year),
      metadata: { payout_id: item.id, seller_id: item.seller_id, month_year: item.month_year },
    },
    { idempotencyKey: transferIdempotencyKey(item) },
  );
};

/** processing → failed; counted only by the attempt whose write committed. */
const recordFailedOnce = async (item: PayoutItem, reason: string): Promise<boolean> => {
  const recorded = await recordFailed(item, reason, ['processing']);
  if (recorded) countFact(businessMetrics.payoutsFailed);
  return recorded;
};

/**
 * Pays one payout to its seller's Connect account.
 *
 * 1. Read it. Completed, failed or cancelled payouts are left alone (a re-run pays nobody twice).
 * 2. Pending: without a Connect account that can receive payouts it stays pending, unnotified,
 *    for a later run. Otherwise pending → processing (condition `status = pending`) with the
 *    destination and `payout_initiated`, in one transaction: only one attempt ever gets past here.
 * 3. Processing (just now, or left by a crashed attempt): `transfers.create` with the payout's
 *    idempotency key, so an attempt that repeats it gets the same transfer back. A payout left
 *    processing by an attempt more than a day ago is first looked up at Stripe (Stripe keeps keys
 *    for 24 hours; see findEarlierTransfer).
 * 4. Success → completed with the transfer id and `payout_completed`; a refusal by Stripe → failed
 *    with Stripe's message and `payout_failed`; each conditional on `status = processing`, with
 *    its notification in the same transaction. Transient errors are thrown: the state machine
 *    retries, and the payout stays processing for the next attempt or run.
 *
 * `read`: the payout and its seller's account as a batch read them just before (transfer-batch.ts),
 * instead of a read each; every write is still conditional on the status read, so a read that
 * is no longer true only makes the write refuse, as a concurrent attempt does.
 */
export const transferPayout = async (
  key: PayoutKey,
  read?: { item: PayoutItem | null; account: ConnectAccount | undefined },
): Promise<TransferOutcome> => {
  // 1.
  let item = read ? read.item : await getPayout(key);
  if (!item) return 'skipped';
  if (item.status === 'completed' || item.status === 'failed') return item.status;
  if (item.status === 'cancelled') return 'skipped';
  // Left processing by an attempt too long ago for Stripe to still know its key.
  const stale =
    item.status === 'processing' &&
    Date.now() - Date.parse(item.updated_at) > IDEMPOTENCY_WINDOW_MS;

  // 2.
  if (item.status === 'pending') {
    const account = read?.account ?? (await connectAccountOf(item.seller_id));
    if (!account.accountId || !account.payoutsEnabled) return 'pending';
    if (!(await recordProcessing(item, account.accountId))) return outcomeOf(key);
    item = { ...item, status: 'processing', stripe_account_id: account.accountId };
  }

  const destination = item.stripe_account_id;
  if (!destination) {
    // A processing payout always records its destination; an item without one is broken data.
    const reason = 'No Stripe account was recorded for this payout.';
    return (await recordFailedOnce(item, reason)) ? 'failed' : outcomeOf(key);
  }

  // 3. (A failed look-up is thrown, never recorded: it says nothing about the payout.)
  let transfer = stale ? await findEarlierTransfer(item) : null;
  try {
    transfer ??= await createTransfer(item, destination);
  } catch (error) {
    if (!isStripeError(error) || isTransientStripeError(error)) throw error;
    // 4. (refused)
    logger.warn('Payout transfer refused by Stripe', {
      payoutId: item.id,
      code: error.code,
      type: error.type,
    });
    return (await recordFailedOnce(item, error.message)) ? 'failed' : outcomeOf(key);
  }

  // 4. (paid)
  const processedAt = new Date(transfer.created * 1000).toISOString();
  if (await recordCompleted(item, transfer.id, processedAt)) {
    logger.info('Payout transferred', { payoutId: item.id, transferId: transfer.id });
    countFact(businessMetrics.payoutsPaid);
    return 'completed';
  }
  // The webhook recorded the transfer first: its transaction sent the notification.
  return outcomeOf(key);
};
