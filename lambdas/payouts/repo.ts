/**
 * Payout data access (docs/data-model.md, sections 3.12, 4.4): one function per access pattern. Every
 * write that moves a payout's money state is conditional on the status it moves from.
 */
import { randomUUID } from 'node:crypto';
import { writtenUnlessRefused } from '../shared/db/entity';
import { PayoutEntity, type PayoutItem } from '../shared/db/entities/payout';
import { PayoutRunEntity, type PayoutRunItem } from '../shared/db/entities/payout-run';
import {
  transactWrite,
  type TransactionItems,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../contract/payouts';

export type { PayoutItem, PayoutRunItem };

export interface PayoutKey {
  seller_id: string;
  month_year: string;
}

/** Q1: the month's payout of a seller, unless it exists (`false` then: a re-run creates nothing). */
export const createPayoutIfAbsent = async (item: PayoutItem): Promise<boolean> => {
  return writtenUnlessRefused(PayoutEntity.create(item));
};

/**
 * Payouts one TransactWriteItems creates (DynamoDB allows 100): small enough that a transaction
 * answers well within the client's request timeout on a busy table.
 */
export const PAYOUTS_PER_TRANSACTION = 25;

/**
 * Q1 for many payouts (at most {@link PAYOUTS_PER_TRANSACTION}): all in one transaction when none
 * of them exists, as on a month's first run, one request instead of one each; when the transaction
 * is refused (a re-run found some, or a conflict), each is created on its own, only if absent.
 * The token makes the SDK's own retry of a transaction that committed unseen (a timeout) answer
 * as the first did, instead of being refused on the rows it created.
 */
export const createPayoutsIfAbsent = async (items: readonly PayoutItem[]): Promise<boolean[]> => {
  const result = await transactWrite(
    Object.fromEntries(items.map((item, index) => [`payout${index}`, PayoutEntity.create(item)])),
    { token: randomUUID() },
  );
  if (!result.canceled) return items.map(() => true);
  const created: boolean[] = [];
  for (const item of items) created.push(await createPayoutIfAbsent(item));
  return created;
};

/** One payout by its key, strongly consistent (it follows our own writes). */
export const getPayout = async (key: PayoutKey): Promise<PayoutItem | null> => {
  const { data } = await PayoutEntity.get(key).go({ consistent: true });
  return data;
};

/**
 * Many payouts by key, strongly consistent (Finish counts what the transfers just wrote), reading
 * only their status: 100 keys per BatchGetItem.
 */
export const getPayoutStatuses = async (
  keys: readonly PayoutKey[],
): Promise<Pick<PayoutItem, 'seller_id' | 'month_year' | 'status'>[]> =>
  PayoutEntity.batchGetAll(keys, {
    attributes: ['seller_id', 'month_year', 'status'],
    consistent: true,
  });

/**
 * Q3b: how many payouts each month from `fromMonth` to `toMonth` has in each status (months
 * without payouts are absent): one range query per status on its partition, reading the month
 * only. The admin's runs list: a year of a thousand sellers is 12,000 small items, a dozen pages.
 */
export const countPayoutsByMonthAndStatus = async (
  fromMonth: string,
  toMonth: string,
): Promise<Map<string, Record<PayoutStatus, number>>> => {
  const counts = new Map<string, Record<PayoutStatus, number>>();
  await Promise.all(
    PAYOUT_STATUSES.map(async (status) => {
      let cursor: string | null = null;
      do {
        const page: { data: Pick<PayoutItem, 'month_year'>[]; cursor: string | null } =
          await PayoutEntity.query
            .byStatus({ status })
            .between({ month_year: fromMonth }, { month_year: toMonth })
            .go({ limit: 1_000, cursor, attributes: ['month_year'] });
        for (const { month_year } of page.data) {
          let month = counts.get(month_year);
          if (!month) {
            month = Object.fromEntries(PAYOUT_STATUSES.map((each) => [each, 0])) as Record<
              PayoutStatus,
              number
            >;
            counts.set(month_year, month);
          }
          month[status] += 1;
        }
        cursor = page.cursor;
      } while (cursor);
    }),
  );
  return counts;
};

/** Many payouts by key, whole and strongly consistent: 100 keys per BatchGetItem. */
export const getPayouts = (keys: readonly PayoutKey[]): Promise<PayoutItem[]> =>
  PayoutEntity.batchGetAll(keys, { consistent: true });

/** Q2: a seller's payouts, newest month first (at most twelve a year, so all of them). */
export const listPayoutsOfSeller = async (sellerId: string): Promise<PayoutItem[]> => {
  const { data } = await PayoutEntity.query
    .bySeller({ seller_id: sellerId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/**
 * Q3: payouts in one status for months up to `throughMonth`, oldest first. The status partition is
 * shared with other entities (refund requests, orders, applications): the range starts at the
 * payout's own sort-key prefix, so it reads payouts only. 1,000 payouts a request, so each
 * request stays short however many sellers a month pays.
 */
export const listPayoutsByStatus = async (
  status: PayoutStatus,
  throughMonth: string,
): Promise<PayoutItem[]> => {
  const payouts: PayoutItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: PayoutItem[]; cursor: string | null } = await PayoutEntity.query
      .byStatus({ status })
      .between({}, { month_year: throughMonth })
      .go({ limit: 1_000, cursor });
    payouts.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return payouts;
};

/**
 * Q4: one status transition of a payout, with the items of other domains that commit with it
 * (the seller's notification). Conditional on the payout (by id) being in one of `from`; a
 * refusal names the item `payout`.
 */
export interface PayoutTransition {
  key: PayoutKey;
  payoutId: string;
  from: readonly PayoutStatus[];
  to: PayoutStatus;
  set: Partial<Pick<PayoutItem, 'stripe_account_id' | 'stripe_transfer_id' | 'processed_at'>> & {
    failure_reason?: string;
  };
  now: string;
  notification: readonly TransactionWrite[] | null;
}

/** Q4's items, for a caller that commits them with its own (the Stripe webhook's event claim). */
export const transitionPayoutWrites = (input: PayoutTransition): TransactionItems => ({
  payout: PayoutEntity.patch(input.key)
    .set({ ...input.set, status: input.to, updated_at: input.now })
    .where(
      ({ id, status }, { eq }) =>
        `${eq(id, input.payoutId)} AND (${input.from.map((from) => eq(status, from)).join(' OR ')})`,
    ),
  notification: input.notification,
});

export type PayoutTransitionItems = TransactionItems;

/** Commits `transitionPayoutWrites` on their own. */
export const commitPayoutWrites = (items: PayoutTransitionItems): Promise<TransactionResult> =>
  transactWrite(items);

export const transitionPayout = (input: PayoutTransition): Promise<TransactionResult> =>
  transactWrite(transitionPayoutWrites(input));

/**
 * Q7: an admin's Process: a pending or failed payout → processing with the destination, in one
 * transaction with the seller's notification and the audit entry (condition: the payout, by id,
 * is still `from`). A failed payout starts a new attempt (its own idempotency key at Stripe) and
 * loses the earlier failure. A refusal names the item `payout`.
 */
export const startPayoutByAdmin = (input: {
  item: PayoutItem;
  from: 'pending' | 'failed';
  destination: string;
  now: string;
  notification: readonly TransactionWrite[];
  audit: TransactionWrite;
}): Promise<TransactionResult> => {
  const { item } = input;
  const retry = input.from === 'failed';
  return transactWrite({
    payout: PayoutEntity.patch({ seller_id: item.seller_id, month_year: item.month_year })
      .set({
        status: 'processing',
        stripe_account_id: input.destination,
        updated_at: input.now,
        ...(retry ? { transfer_attempt: (item.transfer_attempt ?? 0) + 1 } : {}),
      })
      .remove(retry ? ['failure_reason', 'processed_at'] : [])
      .where(({ id, status }, { eq }) => `${eq(id, item.id)} AND ${eq(status, input.from)}`),
    notification: input.notification,
    audit: input.audit,
  });
};

/** How long a run holds its month: a crashed run is taken over after this (section 4.4). */
export const PAYOUT_RUN_LEASE_MS = 15 * 60 * 1000;

/**
 * W1: takes the month's run for `executionName`: when there is none, when the last one completed
 * (a re-run finds every payout already made), when a crashed run's lease has passed, or when this
 * execution holds it already (a retried step). `false`: another execution is running the month.
 */
export const acquirePayoutRun = async (input: {
  monthYear: string;
  executionName: string;
  now: Date;
}): Promise<boolean> => {
  const now = input.now.toISOString();
  return writtenUnlessRefused(
    PayoutRunEntity.upsert({
      month_year: input.monthYear,
      status: 'running',
      execution_name: input.executionName,
      started_at: now,
      lease_until: new Date(input.now.getTime() + PAYOUT_RUN_LEASE_MS).toISOString(),
      pool_amount: 0,
      total_downloads: 0,
      payouts_created: 0,
    })
      .remove(['completed_at', 'payouts_completed', 'payouts_failed', 'payouts_pending'])
      .where(
        ({ month_year, status, lease_until, execution_name }, { eq, lt, notExists }) =>
          `${notExists(month_year)} OR ${eq(status, 'completed')} OR ${lt(lease_until, now)} OR ${eq(execution_name, input.executionName)}`,
      ),
  );
};

/**
 * W1b (transaction item): an admin's claim of a month that was never run, for the execution
 * about to be started (its Prepare step then finds the run its own, as in W1). Refused when the
 * month has a run that completed or is still within its lease, so two clicks start one run.
 */
export const claimMissedPayoutRun = (input: {
  monthYear: string;
  executionName: string;
  now: Date;
}) => {
  const now = input.now.toISOString();
  return PayoutRunEntity.upsert({
    month_year: input.monthYear,
    status: 'running',
    execution_name: input.executionName,
    started_at: now,
    lease_until: new Date(input.now.getTime() + PAYOUT_RUN_LEASE_MS).toISOString(),
    pool_amount: 0,
    total_downloads: 0,
    payouts_created: 0,
  }).where(
    ({ month_year, status, lease_until }, { eq, lt, notExists }) =>
      `${notExists(month_year)} OR (${eq(status, 'running')} AND ${lt(lease_until, now)})`,
  );
};

/** W4: an admin's claim of a missed month and its audit entry, in one transaction. */
export const claimMissedPayoutRunAudited = (input: {
  monthYear: string;
  executionName: string;
  now: Date;
  audit: TransactionWrite;
}): Promise<TransactionResult> =>
  transactWrite({ run: claimMissedPayoutRun(input), audit: input.audit });

/**
 * W2: completes the run with its totals, if this execution still holds it. `false`: another
 * execution took the month over meanwhile (it records its own totals).
 */
export const finishPayoutRun = async (input: {
  monthYear: string;
  executionName: string;
  totals: Pick<
    PayoutRunItem,
    | 'pool_amount'
    | 'total_downloads'
    | 'payouts_created'
    | 'payouts_completed'
    | 'payouts_failed'
    | 'payouts_pending'
  >;
  now: string;
}): Promise<boolean> => {
  return writtenUnlessRefused(
    PayoutRunEntity.patch({ month_year: input.monthYear })
      .set({ ...input.totals, status: 'completed', completed_at: input.now })
      .where(
        ({ status, execution_name }, { eq }) =>
          `${eq(status, 'running')} AND ${eq(execution_name, input.executionName)}`,
      ),
  );
};

/** W3: the runs of the given months that exist (one BatchGetItem). */
export const getPayoutRuns = async (months: readonly string[]): Promise<PayoutRunItem[]> => {
  const { data } = await PayoutRunEntity.batchGet(months.map((month_year) => ({ month_year })));
  return data;
};

/**
 * Q8: a closed seller's payouts keep their amounts, months and Stripe references (money owed is
 * still paid, and the books need them) but not the seller's address or names.
 */
export const pseudonymisePayoutsOfSeller = async (
  sellerId: string,
  pseudonym: string,
  now: string,
): Promise<number> => {
  const items = await listPayoutsOfSeller(sellerId);
  for (const item of items) {
    await PayoutEntity.patch({ seller_id: sellerId, month_year: item.month_year })
      .set({ seller_email: pseudonym, updated_at: now })
      .remove(['seller_username', 'seller_display_name'])
      .go();
  }
  return items.length;
};
