/**
 * The ledger: what was bought and paid, as Stripe reported it (subscriptions, orders, the money
 * counters). The caller's subscriptions and the subscription view, and what other domains ask of
 * the money recorded here (refunds, downloads, payouts, seller analytics call these, never the
 * repo). It sits below every domain that reads money, billing included: billing talks to Stripe
 * and records what Stripe says through the writes lent at the end of this file (checkout.ts,
 * subscription-sync.ts, webhook.ts), so that the domains billing's webhook reaches (payouts) can
 * read the ledger without importing billing back.
 */
import {
  isActiveSubscriptionStatus,
  type Subscription,
  type SubscriptionView,
} from '../../contract/subscriptions';
import {
  getCounterValue,
  getNewestSubscriptionOfUser,
  getOrder,
  getSubscriptionOfUser,
  queryCompletedSalesInMonth,
  queryOrdersOfSellerInMonth,
  queryOrdersOfSellerSince,
  queryOrdersOfUser,
  querySubscriptionsOfUser,
  type OrderItem,
  type SubscriptionItem,
} from './repo';

/** The stored item as the API shape (an allow-list: Stripe customer ids stay inside). */
export const toSubscription = (item: SubscriptionItem): Subscription => ({
  id: item.id,
  user_id: item.user_id,
  plan_type: item.plan_type,
  stripe_subscription_id: item.stripe_subscription_id,
  status: item.status,
  current_period_start: item.current_period_start,
  current_period_end: item.current_period_end,
  cancel_at_period_end: item.cancel_at_period_end,
  created_at: item.created_at,
});

export const NO_SUBSCRIPTION_VIEW: SubscriptionView = {
  price_id: null,
  plan_type: null,
  subscription_status: 'inactive',
  status: null,
  current_period_end: null,
  cancel_at_period_end: false,
  payment_method_brand: null,
  payment_method_last4: null,
};

/** The view row of the newest subscription (docs/data-model.md, section 3.8, S2). */
export const toSubscriptionView = (item: SubscriptionItem | null): SubscriptionView => {
  if (!item) return NO_SUBSCRIPTION_VIEW;
  return {
    price_id: item.price_id,
    plan_type: item.plan_type,
    subscription_status: isActiveSubscriptionStatus(item.status) ? 'active' : 'inactive',
    status: item.status,
    current_period_end: Math.floor(Date.parse(item.current_period_end) / 1000),
    cancel_at_period_end: item.cancel_at_period_end,
    payment_method_brand: item.payment_method_brand ?? null,
    payment_method_last4: item.payment_method_last4 ?? null,
  };
};

/** The user's subscriptions, newest first. */
export const listSubscriptions = async (userId: string): Promise<Subscription[]> =>
  (await querySubscriptionsOfUser(userId)).map(toSubscription);

/** The user's subscription view; inactive with empty fields when they never subscribed. */
export const getSubscriptionView = async (userId: string): Promise<SubscriptionView> =>
  toSubscriptionView(await getNewestSubscriptionOfUser(userId));

/**
 * One subscription, only if it belongs to `userId`: the key includes the owner, so another user's
 * subscription id is simply not found.
 */
export const getOwnSubscription = async (
  userId: string,
  subscriptionId: string,
): Promise<Subscription | null> => {
  const item = await getSubscriptionOfUser(userId, subscriptionId);
  return item ? toSubscription(item) : null;
};

/**
 * What an order still brings in (minor units): what it paid, less what was refunded and what a card
 * dispute holds back (open or lost; nothing once won). Never below zero. Every figure of sales and
 * earnings counts this, so a refund and a chargeback reverse the seller's share alike.
 */
export const netAmountOf = (
  order: Pick<OrderItem, 'amount_total' | 'amount_refunded'> & { amount_disputed?: number },
): number => Math.max(0, order.amount_total - order.amount_refunded - (order.amount_disputed ?? 0));

/**
 * A completed one-time-sale order of `mvpId` by `userId` that has not been refunded in full nor
 * taken back by a card dispute: it lets the buyer download that template without spending quota.
 */
export const ownedTemplateOrder = async (
  userId: string,
  templateId: string,
): Promise<{ orderId: string } | null> => {
  const order = (await queryOrdersOfUser(userId)).find(
    (candidate) =>
      candidate.kind === 'one_time_sale' &&
      candidate.mvp_id === templateId &&
      candidate.status === 'completed' &&
      candidate.amount_refunded < candidate.amount_total &&
      !candidate.amount_disputed,
  );
  return order ? { orderId: order.id } : null;
};

export interface SubscriptionPayments {
  /** Paid for the subscription, minor units. */
  paid: number;
  /** Refunded of it so far (Stripe's figure from `charge.refunded`), minor units. */
  refunded: number;
  /** Its paid invoices, newest first. */
  invoices: {
    id: string;
    paymentIntentId: string | null;
    amountPaid: number;
    amountRefunded: number;
    createdAt: string;
  }[];
}

/** What was paid and refunded for one of the user's subscriptions (its invoices' orders). */
export const subscriptionPayments = async (
  userId: string,
  stripeSubscriptionId: string,
): Promise<SubscriptionPayments> => {
  const invoices = (await queryOrdersOfUser(userId))
    .filter(
      (order) =>
        order.kind === 'subscription_invoice' &&
        order.stripe_subscription_id === stripeSubscriptionId &&
        order.status === 'completed',
    )
    .map((order) => ({
      id: order.id,
      paymentIntentId: order.payment_intent_id ?? null,
      amountPaid: order.amount_total,
      amountRefunded: order.amount_refunded,
      createdAt: order.created_at,
    }));
  return {
    paid: invoices.reduce((sum, invoice) => sum + invoice.amountPaid, 0),
    refunded: invoices.reduce((sum, invoice) => sum + invoice.amountRefunded, 0),
    invoices,
  };
};

/**
 * One of the user's paid one-time orders, with what was paid and refunded of it, in the shape of
 * {@link subscriptionPayments} (the order is its one "invoice"); `null` when the order is not the
 * user's, not a one-time sale or not completed, so another user's order is simply not found.
 */
export const oneTimeOrderPayments = async (
  userId: string,
  orderId: string,
): Promise<(SubscriptionPayments & { mvpTitle: string; createdAt: string }) | null> => {
  const order = await getOrder(orderId);
  if (
    !order ||
    order.user_id !== userId ||
    order.kind !== 'one_time_sale' ||
    order.status !== 'completed'
  ) {
    return null;
  }
  return {
    paid: order.amount_total,
    refunded: order.amount_refunded,
    invoices: [
      {
        id: order.id,
        paymentIntentId: order.payment_intent_id ?? null,
        amountPaid: order.amount_total,
        amountRefunded: order.amount_refunded,
        createdAt: order.created_at,
      },
    ],
    mvpTitle: order.mvp_title ?? 'Template',
    createdAt: order.created_at,
  };
};

/** The user's paid one-time orders, newest first (what a refund request may name). */
export const listOneTimeOrders = async (
  userId: string,
): Promise<{ id: string; mvpTitle: string; createdAt: string }[]> =>
  (await queryOrdersOfUser(userId))
    .filter((order) => order.kind === 'one_time_sale' && order.status === 'completed')
    .map((order) => ({
      id: order.id,
      mvpTitle: order.mvp_title ?? 'Template',
      createdAt: order.created_at,
    }));

/**
 * The payout pool of a month (`YYYY-MM`): subscription revenue collected in it, net of the
 * subscription refunds made in it and of the subscription payments card disputes took back in it
 * (less those won back in it), never below zero.
 */
export const subscriptionPoolOfMonth = async (
  monthYear: string,
): Promise<{ revenue: number; refunds: number; disputes: number; pool: number }> => {
  const [revenue, refunds, disputes] = await Promise.all([
    getCounterValue('subscription_revenue', monthYear),
    getCounterValue('refunds', monthYear),
    getCounterValue('disputes', monthYear),
  ]);
  return { revenue, refunds, disputes, pool: Math.max(0, revenue - refunds - disputes) };
};

/**
 * Every seller's one-time sales created in a month, net of refunds and card disputes (minor units), by seller id:
 * what {@link oneTimeSalesOfSellerInMonth} sums for one seller, for all of them in one query
 * (the payout run; a seller without a sale is absent).
 */
export const oneTimeSalesOfMonth = async (monthYear: string): Promise<Map<string, number>> => {
  const sales = new Map<string, number>();
  for (const order of await queryCompletedSalesInMonth(monthYear)) {
    if (!order.seller_id) continue;
    const net = netAmountOf(order);
    sales.set(order.seller_id, (sales.get(order.seller_id) ?? 0) + net);
  }
  return sales;
};

/** A seller's one-time sales created in a month, net of refunds and card disputes (minor units). */
export const oneTimeSalesOfSellerInMonth = async (
  sellerId: string,
  monthYear: string,
): Promise<{ count: number; amount: number }> => {
  const orders = (await queryOrdersOfSellerInMonth(sellerId, monthYear)).filter(
    (order) => order.kind === 'one_time_sale' && order.status === 'completed',
  );
  return {
    count: orders.length,
    amount: orders.reduce((sum, order) => sum + netAmountOf(order), 0),
  };
};

/**
 * A seller's completed one-time sales from a month on, each with its template and its amount net
 * of refunds (minor units): the seller's analytics.
 */
export const oneTimeSalesOfSellerSince = async (
  sellerId: string,
  fromMonth: string,
): Promise<{ mvpId: string; createdAt: string; amount: number }[]> =>
  (await queryOrdersOfSellerSince(sellerId, fromMonth))
    .filter(
      (order) => order.kind === 'one_time_sale' && order.status === 'completed' && order.mvp_id,
    )
    .map((order) => ({
      mvpId: order.mvp_id!,
      createdAt: order.created_at,
      amount: netAmountOf(order),
    }));

/** The user's orders (one-time purchases and paid subscription invoices), newest first. */
export const listOrdersOfUser = async (userId: string) =>
  (await queryOrdersOfUser(userId)).map((order) => ({
    id: order.id,
    kind: order.kind,
    status: order.status,
    amount_total: order.amount_total,
    amount_refunded: order.amount_refunded,
    currency: order.currency,
    mvp_id: order.mvp_id ?? null,
    mvp_title: order.mvp_title ?? null,
    period_start: order.period_start ?? null,
    period_end: order.period_end ?? null,
    created_at: order.created_at,
  }));

/**
 * The ledger's records lent to billing, which writes what Stripe reports (transaction items it
 * commits with the event's claim) and reads what it needs for that. Other domains use the
 * functions above.
 */
export {
  counterAddWrite,
  getNewestSubscriptionOfUser,
  getOrder,
  getSubscriptionOfUser,
  orderCreateWrite,
  orderDisputeWrite,
  orderRefundedWrite,
  queryOrdersOfUser,
  querySubscriptionsByStatus,
  querySubscriptionsOfUser,
  renewSubscriptionPeriod,
  subscriptionStateWrite,
  type OrderItem,
  type SubscriptionItem,
} from './repo';
