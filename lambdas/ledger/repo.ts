/**
 * Ledger data access (docs/data-model.md, sections 3.8, 3.13, 3.16): subscriptions, orders and the money
 * counters, one function per access pattern. Subscription reads by the user include the caller's
 * id in the key, so they can only return the caller's own items. Writes that are part of a
 * webhook's effect are returned as transaction items, which billing commits with the event's
 * claim (E1, `applyEffect` in lambdas/billing/repo.ts).
 */
import { CounterEntity } from '../shared/db/entities/counter';
import { OrderEntity, type OrderItem } from '../shared/db/entities/order';
import { SubscriptionEntity, type SubscriptionItem } from '../shared/db/entities/subscription';

export type { OrderItem, SubscriptionItem };

/** S1: the user's subscriptions, newest first (ULID ids sort by creation time). */
export const querySubscriptionsOfUser = async (userId: string): Promise<SubscriptionItem[]> => {
  const { data } = await SubscriptionEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/** S2: the user's newest subscription (the subscription view), or `null`. */
export const getNewestSubscriptionOfUser = async (
  userId: string,
): Promise<SubscriptionItem | null> => {
  const { data } = await SubscriptionEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', limit: 1 });
  return data[0] ?? null;
};

/** One subscription of the user by id (refund requests check ownership with it). */
export const getSubscriptionOfUser = async (
  userId: string,
  id: string,
): Promise<SubscriptionItem | null> => {
  const { data } = await SubscriptionEntity.get({ user_id: userId, id }).go({ consistent: true });
  return data;
};

/** Writes a subscription that does not exist yet (`attribute_not_exists`: an import, not an update). */
export const createSubscription = async (item: SubscriptionItem): Promise<void> => {
  await SubscriptionEntity.create(item).go();
};

/** Moves a subscription into a new billing period (what the monthly invoice does). */
export const renewSubscriptionPeriod = async (
  userId: string,
  id: string,
  period: { start: string; end: string },
  now: string,
): Promise<void> => {
  await SubscriptionEntity.patch({ user_id: userId, id })
    .set({ current_period_start: period.start, current_period_end: period.end, updated_at: now })
    .go();
};

/**
 * S4 (transaction item): the subscription as Stripe last described it, unless a newer event was
 * applied already (`last_event_created <= :created`): an older event delivered late changes
 * nothing. `created_at` is kept from the first write.
 */
export const subscriptionStateWrite = (item: SubscriptionItem) => {
  const { user_id, id, created_at, ...state } = item;
  return SubscriptionEntity.update({ user_id, id })
    .set(state)
    .ifNotExists({ created_at })
    .where(
      ({ last_event_created }, { notExists, lte }) =>
        `${notExists(last_event_created)} OR ${lte(last_event_created, item.last_event_created)}`,
    );
};

/** S5: subscriptions of one status whose period ends in [from, to), oldest first. */
export const querySubscriptionsByStatus = async (
  status: SubscriptionItem['status'],
  range: { from: string; to: string },
): Promise<SubscriptionItem[]> => {
  const { data } = await SubscriptionEntity.query
    .byStatus({ status })
    .between({ current_period_end: range.from }, { current_period_end: range.to })
    .go({ pages: 'all' });
  return data;
};

/** B1 (transaction item): a paid order, recorded once (its Stripe id is the key). */
export const orderCreateWrite = (item: Omit<OrderItem, 'amount_refunded'>) =>
  OrderEntity.create({ ...item, amount_refunded: 0 });

/** An order by its Stripe id (`cs_…`, `in_…`). */
export const getOrder = async (id: string): Promise<OrderItem | null> => {
  const { data } = await OrderEntity.get({ id }).go({ consistent: true });
  return data;
};

/** B3: the user's orders, newest first. */
export const queryOrdersOfUser = async (userId: string): Promise<OrderItem[]> => {
  const { data } = await OrderEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/**
 * B4c: every seller's completed one-time sales created in a month (`YYYY-MM`), only the fields the
 * payout run sums: one query on the completed orders' index instead of one per seller.
 */
export const queryCompletedSalesInMonth = async (
  monthYear: string,
): Promise<
  Pick<OrderItem, 'seller_id' | 'amount_total' | 'amount_refunded' | 'amount_disputed'>[]
> => {
  const { data } = await OrderEntity.query
    .byStatus({ status: 'completed' })
    .begins({ created_at: monthYear })
    .where(({ kind }, { eq }) => eq(kind, 'one_time_sale'))
    .go({
      pages: 'all',
      attributes: ['seller_id', 'amount_total', 'amount_refunded', 'amount_disputed'],
    });
  return data;
};

/** B4: a seller's one-time sales created in a month (`YYYY-MM`). */
export const queryOrdersOfSellerInMonth = async (
  sellerId: string,
  monthYear: string,
): Promise<OrderItem[]> => {
  const { data } = await OrderEntity.query
    .bySeller({ seller_id: sellerId })
    .begins({ created_at: monthYear })
    .go({ pages: 'all' });
  return data;
};

/** B4b: a seller's one-time sales created from a month (`YYYY-MM`) on (seller analytics). */
export const queryOrdersOfSellerSince = async (
  sellerId: string,
  fromMonth: string,
): Promise<OrderItem[]> => {
  const { data } = await OrderEntity.query
    .bySeller({ seller_id: sellerId })
    .between({ created_at: fromMonth }, { created_at: '9999' })
    .go({ pages: 'all' });
  return data;
};

/**
 * B6 (transaction item): what Stripe says has been refunded of an order's charge. Only grows, and
 * only from the amount the caller read, so a concurrent or repeated `charge.refunded` is counted
 * once.
 */
export const orderRefundedWrite = (
  id: string,
  readRefunded: number,
  refunded: number,
  now: string,
) =>
  OrderEntity.patch({ id })
    .set({ amount_refunded: refunded, updated_at: now })
    .where(({ amount_refunded }, { eq }) => eq(amount_refunded, readRefunded));

/**
 * B7 (transaction item): a card dispute's state on the order's charge (`charge.dispute.*`), only
 * from the status the caller read (none before the first), so concurrent or repeated events of one
 * dispute are applied once and in turn.
 */
export const orderDisputeWrite = (
  id: string,
  readStatus: string | undefined,
  dispute: { id: string; status: string; amountDisputed: number; disputedAt: string },
  now: string,
) =>
  OrderEntity.patch({ id })
    .set({
      dispute_id: dispute.id,
      dispute_status: dispute.status,
      amount_disputed: dispute.amountDisputed,
      disputed_at: dispute.disputedAt,
      updated_at: now,
    })
    .where(({ dispute_status }, { eq, notExists }) =>
      readStatus === undefined ? notExists(dispute_status) : eq(dispute_status, readStatus),
    );

type LedgerCounter = 'revenue' | 'subscription_revenue' | 'refunds' | 'disputes';

/** A counter's bucket (shard 0) grows by `amount` (transaction item). */
export const counterAddWrite = (name: LedgerCounter, bucket: string, amount: number, now: string) =>
  CounterEntity.update({ name, bucket, shard: 0 }).add({ value: amount }).set({ updated_at: now });

/** One counter bucket's value (0 when never written). */
export const getCounterValue = async (name: LedgerCounter, bucket: string): Promise<number> => {
  const { data } = await CounterEntity.get({ name, bucket, shard: 0 }).go({ consistent: true });
  return data?.value ?? 0;
};
