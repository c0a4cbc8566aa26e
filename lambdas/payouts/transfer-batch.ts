/**
 * One batch of the Transfers map (the monthly-payouts Distributed Map's ItemBatcher): pays each
 * payout of the batch once, a few at a time (docs/operations.md, "Monthly payouts at scale").
 *
 * - Each payout is `transferPayout` (transfer.ts), idempotent per seller and month: a payout
 *   already paid answers `completed` without a second transfer, so a batch Step Functions runs
 *   again (a retry, or a child execution started twice) pays nobody twice.
 * - A payout whose transfer throws (a transient error: network, Stripe's 5xx or rate limit, a
 *   throttled table) is tried again here, twice, after a short pause; then it is left as it is
 *   (pending, or processing with its idempotency key) for the next run, and the batch goes on:
 *   one seller's trouble never holds up the others.
 * - Only when no payout of the batch got through at all (Stripe or the table unreachable) does
 *   the batch throw: Step Functions retries it with backoff, and a batch that still fails counts
 *   toward the map's tolerated failure percentage (the run fails when too many do).
 */
import { mapWithConcurrency } from '../shared/concurrency';
import { logger } from '../shared/observability';
import { lastErrorItself, retry } from '../shared/retry';
import { connectAccountsOf } from './connect-account';
import { getPayouts, type PayoutKey } from './repo';
import type { TransferOutcome } from './transitions';
import { transferPayout } from './transfer';

/**
 * Payouts of one batch paid at once. Each payout's writes are conditional on its own status and
 * its transfer carries its own idempotency key, so the order within a batch guarantees nothing and
 * paying several together pays nobody twice. With the map's 10 batches at a time that is at most
 * 30 Stripe requests in flight: at a few hundred milliseconds a transfer, within the 100 writes a
 * second Stripe allows a live account (docs/operations.md, "Monthly payouts at scale").
 */
export const PAYOUTS_IN_FLIGHT = 3;

/**
 * One payout's attempts, and the longest pauses before the second and third (200 and 800 ms: each
 * four times the one before), each a random time up to that.
 */
const TRANSFER_ATTEMPTS = 3;
const TRANSFER_RETRY_BASE_MS = 200;
const TRANSFER_RETRY_MULTIPLIER = 4;

export type BatchOutcome = TransferOutcome | 'error';

export interface TransferredBatch {
  /** How many payouts of the batch ended in each outcome (`error`: left for the next run). */
  outcomes: Partial<Record<BatchOutcome, number>>;
}

type BatchRead = Parameters<typeof transferPayout>[1];

/**
 * The batch's payouts and their sellers' Connect accounts, in two BatchGetItem requests instead of
 * two reads per payout (a run's DynamoDB requests are most of its time: docs/operations.md,
 * "Monthly payouts at scale"). `undefined` when the reads fail: each payout then reads its own.
 */
const readBatch = async (items: readonly PayoutKey[]): Promise<(key: PayoutKey) => BatchRead> => {
  try {
    const payouts = await getPayouts(items);
    const accounts = await connectAccountsOf(
      payouts.filter((item) => item.status === 'pending').map((item) => item.seller_id),
    );
    const byKey = new Map(payouts.map((item) => [`${item.seller_id}/${item.month_year}`, item]));
    return (key) => {
      const item = byKey.get(`${key.seller_id}/${key.month_year}`) ?? null;
      return { item, account: item ? accounts.get(item.seller_id) : undefined };
    };
  } catch (error) {
    logger.warn('Payout batch read failed; each payout is read on its own', {
      error: error instanceof Error ? error.message : String(error),
    });
    return () => undefined;
  }
};

/**
 * One payout, tried up to three times; its last error when every attempt threw. The first
 * attempt starts from the batch's read; a retry reads again (the first may have moved it on).
 */
const transferWithRetries = async (
  key: PayoutKey,
  read: BatchRead,
): Promise<{ outcome: TransferOutcome } | { error: unknown }> => {
  try {
    const outcome = await retry(
      (attempt) => transferPayout(key, attempt === 1 ? read : undefined),
      {
        attempts: TRANSFER_ATTEMPTS,
        baseDelayMs: TRANSFER_RETRY_BASE_MS,
        multiplier: TRANSFER_RETRY_MULTIPLIER,
        // Any error may be a passing one here: the batch decides what a lasting failure means.
        retryOn: () => true,
        exhausted: lastErrorItself,
      },
    );
    return { outcome };
  } catch (error) {
    return { error };
  }
};

export const transferBatch = async (items: readonly PayoutKey[]): Promise<TransferredBatch> => {
  const outcomes: Partial<Record<BatchOutcome, number>> = {};
  let lastError: unknown;
  const readOf = await readBatch(items);
  const results = await mapWithConcurrency(items, PAYOUTS_IN_FLIGHT, (key) =>
    transferWithRetries(key, readOf(key)),
  );
  for (const [index, key] of items.entries()) {
    const result = results[index]!;
    if ('outcome' in result) {
      outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
      continue;
    }
    lastError = result.error;
    outcomes.error = (outcomes.error ?? 0) + 1;
    logger.warn('Payout transfer left for the next run', {
      sellerId: key.seller_id,
      monthYear: key.month_year,
      error: result.error instanceof Error ? result.error.message : String(result.error),
    });
  }
  if (outcomes.error === items.length) {
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new Error(`No payout of this batch of ${items.length} could be transferred: ${reason}`);
  }
  return { outcomes };
};
