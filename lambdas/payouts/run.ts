/**
 * The monthly payout run (docs/data-model.md, section 4.4): the Prepare and Finish steps of the
 * monthly-payouts state machine. The Transfer step between them is `transferPayout` (transfer.ts).
 */
import { ulid } from 'ulid';
import { oneTimeSalesOfMonth, subscriptionPoolOfMonth } from '../ledger/service';
import { countSellersDownloadsInMonth } from '../downloads/seller-counts';
import { listApprovedSellers } from '../profiles/approved-sellers';
import { config } from '../shared/config';
import { mapWithConcurrency } from '../shared/concurrency';
import { logger } from '../shared/observability';
import {
  acquirePayoutRun,
  createPayoutsIfAbsent,
  finishPayoutRun as finishRun,
  getPayouts,
  getPayoutStatuses,
  listPayoutsByStatus,
  PAYOUTS_PER_TRANSACTION,
  type PayoutItem,
  type PayoutKey,
} from './repo';
import { connectAccountOf } from './connect-account';
import { payoutListOf, readPayoutList, writePayoutList, type PayoutList } from './run-list';
import { splitMonth, type SellerMonth } from './split';

/**
 * Reads (and conditional puts) in flight at once: enough to keep a run of thousands of sellers
 * short, few enough to stay well inside the table's on-demand burst.
 */
const CONCURRENCY = 16;

export interface PreparedRun {
  month_year: string;
  /** `false`: another execution is running this month; this one does nothing. */
  acquired: boolean;
  /** The month's subscription pool (pence). */
  pool_amount: number;
  total_downloads: number;
  /** Payout rows this run created (0 on a re-run). */
  payouts_created: number;
  /** How many payouts the list holds (the Map state runs only when there are some). */
  payouts_to_transfer: number;
  /**
   * The S3 object listing the payouts to transfer (run-list.ts), the Map state's ItemReader:
   * the list itself never passes through the state, so a run has no size ceiling.
   */
  list: PayoutList;
}

/**
 * Step 2 of Prepare: the month's pool, the approved sellers, their downloads (the month's
 * counters, one query) and their one-time sales (the month's completed sales, one query).
 */
const monthOfSellers = async (monthYear: string) => {
  const [{ pool }, sellers, sales] = await Promise.all([
    subscriptionPoolOfMonth(monthYear),
    listApprovedSellers(),
    oneTimeSalesOfMonth(monthYear),
  ]);
  const downloads = await countSellersDownloadsInMonth(
    sellers.map((seller) => seller.id),
    monthYear,
  );
  const months: SellerMonth[] = sellers.map((seller) => ({
    sellerId: seller.id,
    downloads: downloads.get(seller.id) ?? 0,
    oneTimeSales: sales.get(seller.id) ?? 0,
  }));
  return { pool, sellers, months };
};

/** Step 4 of Prepare: one payout row per seller who earned something, each created only if absent. */
const createPayoutRows = async (
  split: ReturnType<typeof splitMonth>,
  sellers: Awaited<ReturnType<typeof listApprovedSellers>>,
  monthYear: string,
  now: Date,
): Promise<boolean[]> => {
  const profiles = new Map(sellers.map((seller) => [seller.id, seller]));
  const createdAt = now.toISOString();
  const items = split.sellers.map((earnings): PayoutItem => {
    const seller = profiles.get(earnings.sellerId)!;
    return {
      seller_id: earnings.sellerId,
      month_year: monthYear,
      id: ulid(now.getTime()),
      total_downloads: earnings.downloads,
      pool_share_amount: earnings.poolShare,
      sales_share_amount: earnings.salesShare,
      gross_amount: earnings.gross,
      commission_amount: earnings.commission,
      platform_fee_deducted: earnings.platformFee,
      currency: config().STRIPE_CURRENCY,
      status: 'pending',
      created_at: createdAt,
      updated_at: createdAt,
      seller_email: seller.email,
      seller_username: seller.username,
      seller_display_name: seller.display_name,
    };
  });
  const chunks: PayoutItem[][] = [];
  for (let start = 0; start < items.length; start += PAYOUTS_PER_TRANSACTION) {
    chunks.push(items.slice(start, start + PAYOUTS_PER_TRANSACTION));
  }
  return (await mapWithConcurrency(chunks, CONCURRENCY, createPayoutsIfAbsent)).flat();
};

/**
 * How many of the month's rows this execution created. A row found already there counts when it
 * was created since the execution started: an earlier attempt of this same Prepare wrote it (a
 * retry after a timeout, which Step Functions makes), not a run before this one, which started
 * earlier. Without the start time (an old input), only the rows this attempt created count.
 */
const countCreatedByThisExecution = async (
  split: ReturnType<typeof splitMonth>,
  created: readonly boolean[],
  monthYear: string,
  executionStartedAt: string | undefined,
): Promise<number> => {
  const createdNow = created.filter(Boolean).length;
  const found = split.sellers
    .filter((_, index) => !created[index])
    .map((earnings) => ({ seller_id: earnings.sellerId, month_year: monthYear }));
  if (!executionStartedAt || found.length === 0) return createdNow;
  const since = Date.parse(executionStartedAt);
  const rows = await getPayouts(found);
  return createdNow + rows.filter((row) => Date.parse(row.created_at) >= since).length;
};

/**
 * Step 5 of Prepare: the month's rows, plus payouts left pending (or processing, by a crashed
 * attempt) from earlier months whose seller can now receive payouts.
 */
const payoutsToTransfer = async (
  split: ReturnType<typeof splitMonth>,
  monthYear: string,
): Promise<PayoutKey[]> => {
  const payouts: PayoutKey[] = split.sellers.map((earnings) => ({
    seller_id: earnings.sellerId,
    month_year: monthYear,
  }));
  const listed = new Set(payouts.map((key) => key.seller_id));
  const [pending, processing] = await Promise.all([
    listPayoutsByStatus('pending', monthYear),
    listPayoutsByStatus('processing', monthYear),
  ]);
  const leftOver = [...pending, ...processing].filter(
    (item) => !(item.month_year === monthYear && listed.has(item.seller_id)),
  );
  const sellersLeft = [...new Set(leftOver.map((item) => item.seller_id))];
  const receiving = new Set(
    (
      await mapWithConcurrency(sellersLeft, CONCURRENCY, async (sellerId) => {
        const account = await connectAccountOf(sellerId);
        return account.accountId && account.payoutsEnabled ? sellerId : null;
      })
    ).filter((sellerId): sellerId is string => sellerId !== null),
  );
  for (const item of leftOver) {
    // A processing payout resumes whatever its seller's account says now: it may be paid already.
    if (item.status === 'processing' || receiving.has(item.seller_id)) {
      payouts.push({ seller_id: item.seller_id, month_year: item.month_year });
    }
  }
  return payouts;
};

/**
 * Prepare: the month's payout rows, and the list of payouts to transfer.
 *
 * 1. Take the month's run (W1); if another execution holds it, do nothing.
 * 2. The pool (billing: the month's subscription revenue net of refunds) and the approved sellers
 *    (profiles); each seller's downloads in the month (the sellers' month counters, D13, or D6
 *    row by row for a month before them) and one-time sales (billing: one query for the month).
 * 3. Split (split.ts): each seller's 70% share of the pool by downloads plus 70% of their sales.
 * 4. One payout row per seller who earned something, created only if absent (Q1, 25 to a
 *    transaction): a re-run of the month creates nothing twice, and rows already paid are never
 *    recomputed.
 * 5. To transfer: the month's rows, plus payouts left pending (or processing, by a crashed
 *    attempt) from earlier months whose seller can now receive payouts, written to the run's
 *    list object (one line each) for the Transfers map.
 */
export const preparePayoutRun = async (input: {
  monthYear: string;
  executionName: string;
  /** When the execution started (`$$.Execution.StartTime`): see countCreatedByThisExecution. */
  executionStartedAt?: string;
  now?: Date;
}): Promise<PreparedRun> => {
  const { monthYear, executionName } = input;
  const now = input.now ?? new Date();
  const list = payoutListOf(monthYear, executionName);
  const nothing: PreparedRun = {
    month_year: monthYear,
    acquired: false,
    pool_amount: 0,
    total_downloads: 0,
    payouts_created: 0,
    payouts_to_transfer: 0,
    list,
  };

  // 1.
  if (!(await acquirePayoutRun({ monthYear, executionName, now }))) {
    logger.info('Payout run of the month is held by another execution', { monthYear });
    return nothing;
  }

  // 2.
  const { pool, sellers, months } = await monthOfSellers(monthYear);

  // 3.
  const split = splitMonth(pool, months);

  // 4.
  const created = await createPayoutRows(split, sellers, monthYear, now);
  const payoutsCreated = await countCreatedByThisExecution(
    split,
    created,
    monthYear,
    input.executionStartedAt,
  );

  // 5.
  const payouts = await payoutsToTransfer(split, monthYear);
  await writePayoutList(list, payouts);

  const result: PreparedRun = {
    month_year: monthYear,
    acquired: true,
    pool_amount: pool,
    total_downloads: split.totalDownloads,
    payouts_created: payoutsCreated,
    payouts_to_transfer: payouts.length,
    list,
  };
  logger.info('Payout run prepared', {
    monthYear,
    pool,
    sellers: sellers.length,
    totalDownloads: split.totalDownloads,
    created: result.payouts_created,
    toTransfer: payouts.length,
    platformPoolFee: split.platformPoolFee,
  });
  return result;
};

export interface FinishedRun {
  month_year: string;
  recorded: boolean;
  payouts_completed: number;
  payouts_failed: number;
  payouts_pending: number;
}

/** What became of each listed payout: paid, failed, or still owed (pending or processing). */
const countOutcomes = async (list: PayoutList) => {
  const keys = await readPayoutList(list);
  const counts = { completed: 0, failed: 0, pending: 0 };
  for (let start = 0; start < keys.length; start += 1_000) {
    for (const { status } of await getPayoutStatuses(keys.slice(start, start + 1_000))) {
      if (status === 'completed' || status === 'failed') counts[status] += 1;
      else if (status === 'pending' || status === 'processing') counts.pending += 1;
    }
  }
  return counts;
};

/**
 * Finish: completes the month's run (W2) with its totals, read from the payout rows the run
 * listed (the Map's own results are in S3, per batch, and say less than the rows do): a payout
 * whose transfer did not go through this time (pending, or processing after a failed attempt)
 * counts as pending, for the next run. Refused when another execution took the month over; that
 * one records its own totals.
 */
export const finishPayoutRun = async (input: {
  run: Omit<PreparedRun, 'acquired'>;
  executionName: string;
  now?: Date;
}): Promise<FinishedRun> => {
  const outcomes =
    input.run.payouts_to_transfer > 0
      ? await countOutcomes(input.run.list)
      : { completed: 0, failed: 0, pending: 0 };
  const totals = {
    pool_amount: input.run.pool_amount,
    total_downloads: input.run.total_downloads,
    payouts_created: input.run.payouts_created,
    payouts_completed: outcomes.completed,
    payouts_failed: outcomes.failed,
    payouts_pending: outcomes.pending,
  };
  const recorded = await finishRun({
    monthYear: input.run.month_year,
    executionName: input.executionName,
    totals,
    now: (input.now ?? new Date()).toISOString(),
  });
  logger.info('Payout run finished', { monthYear: input.run.month_year, recorded, ...totals });
  return {
    month_year: input.run.month_year,
    recorded,
    payouts_completed: totals.payouts_completed,
    payouts_failed: totals.payouts_failed,
    payouts_pending: totals.payouts_pending,
  };
};
