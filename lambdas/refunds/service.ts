/**
 * Refund requests (see docs/product.md, Refund): a buyer asks for money back on one of their
 * own subscriptions, up to what they paid for it; admins approve or reject it, then process it,
 * which refunds the subscription's paid invoices through Stripe (process.ts).
 *
 * What was paid and refunded comes from the ledger (`subscriptionPayments`: the paid
 * invoices the Stripe webhook recorded, with the refunds Stripe reported). The monthly refunds
 * counter of the payout pool is written by the webhook on `charge.refunded`, not here, so refunds
 * made in Stripe's dashboard count too.
 */
import { auditWrite } from '../shared/audit';
import { ulid } from 'ulid';
import {
  getOwnSubscription,
  listOneTimeOrders,
  listSubscriptions,
  oneTimeOrderPayments,
  subscriptionPayments,
} from '../ledger/service';
import { notifyUser } from '../notifications/service';
import type { AuthContext } from '../shared/auth/claims';
import { formatGbp, toPence } from '../../contract/money';
import { planById } from '../../contract/plans';
import {
  REFUND_MESSAGES,
  refundAboveRemainingMessage,
  refundStatusConflictMessage,
  type AdminRefundRequest,
  type RefundablePurchase,
  type RefundablePurchaseList,
  type RefundRequest,
  type RefundRequestInput,
  type RefundStatus,
} from '../../contract/refunds';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import {
  createRefundRequest,
  decideRefundRequest,
  getRefundRequest,
  queryRefundRequestsByStatus,
  queryRefundRequestsOfUser,
  pseudonymiseRefundRequest,
  type RefundRequestItem,
} from './repo';

export type Payments = Awaited<ReturnType<typeof subscriptionPayments>>;

/** The stored item as the API shape, with the joined subscription (an explicit allow-list). */
export const toRefundRequest = (item: RefundRequestItem): RefundRequest => ({
  id: item.id,
  user_id: item.user_id,
  subscription_id: item.subscription_id ?? null,
  order_id: item.order_id ?? null,
  reason: item.reason,
  amount_requested: item.amount_requested,
  status: item.status,
  created_at: item.created_at,
  processed_at: item.processed_at ?? null,
  stripe_refund_id: item.stripe_refund_id ?? null,
  subscription:
    item.plan_type && item.stripe_subscription_id
      ? { plan_type: item.plan_type, stripe_subscription_id: item.stripe_subscription_id }
      : null,
  order: item.order_id ? { mvp_title: item.mvp_title ?? 'Template' } : null,
});

/** The request as admins see it: the requester and the subscription's money so far. */
export const toAdminRefundRequest = (
  item: RefundRequestItem,
  payments: Pick<Payments, 'paid' | 'refunded'>,
): AdminRefundRequest => ({
  ...toRefundRequest(item),
  user_email: item.user_email,
  amount_paid: payments.paid,
  amount_refunded: payments.refunded,
  processed_by: item.processed_by ?? null,
});

/** Whole pence of a stored request (amounts are typed with at most two decimals). */
export const penceOf = (request: Pick<RefundRequestItem, 'amount_requested'>): number =>
  toPence(request.amount_requested) ?? 0;

/**
 * What a buyer may still ask back on a subscription, in pence: what was paid, minus what was
 * refunded, minus what requests not yet refunded (pending or approved) already ask for. Processed
 * requests are in Stripe's refunded figure once the webhook has recorded it; until then their own
 * sum stands in for it (the larger of the two), so nothing is counted twice or missed.
 */
export const remainingToAsk = (
  payments: Pick<Payments, 'paid' | 'refunded'>,
  requests: readonly Pick<RefundRequestItem, 'status' | 'amount_requested'>[],
): number => {
  const sumOf = (statuses: readonly RefundStatus[]) =>
    requests
      .filter((request) => statuses.includes(request.status))
      .reduce((sum, request) => sum + penceOf(request), 0);
  const refunded = Math.max(payments.refunded, sumOf(['processed']));
  return Math.max(0, payments.paid - refunded - sumOf(['pending', 'approved']));
};

/** What was paid and refunded for the request's purchase (its subscription or its order). */
export const paymentsOf = async (
  item: Pick<RefundRequestItem, 'user_id' | 'order_id' | 'stripe_subscription_id'>,
): Promise<Payments> => {
  if (item.order_id) {
    return (
      (await oneTimeOrderPayments(item.user_id, item.order_id)) ?? {
        paid: 0,
        refunded: 0,
        invoices: [],
      }
    );
  }
  return subscriptionPayments(item.user_id, item.stripe_subscription_id ?? '');
};

/** The purchase a request names, as the caller's own: what it is and its money; or 404. */
const ownPurchase = async (
  userId: string,
  input: Pick<RefundRequestInput, 'subscription_id' | 'order_id'>,
): Promise<{
  fields: Pick<
    RefundRequestItem,
    'subscription_id' | 'plan_type' | 'stripe_subscription_id' | 'order_id' | 'mvp_title'
  >;
  payments: Payments;
  sameRequest: (request: RefundRequestItem) => boolean;
}> => {
  if (input.order_id) {
    const order = await oneTimeOrderPayments(userId, input.order_id);
    if (!order) throw new NotFoundError(REFUND_MESSAGES.orderNotFound);
    const orderId = input.order_id;
    return {
      fields: { order_id: orderId, mvp_title: order.mvpTitle },
      payments: order,
      sameRequest: (request) => request.order_id === orderId,
    };
  }
  const subscription = await getOwnSubscription(userId, input.subscription_id ?? '');
  if (!subscription) throw new NotFoundError(REFUND_MESSAGES.subscriptionNotFound);
  // Custom-priced plans are settled with support, not through this form.
  if (planById(subscription.plan_type).priceGbp === null) {
    throw new ValidationError(REFUND_MESSAGES.customPlan, {
      subscription_id: REFUND_MESSAGES.customPlan,
    });
  }
  return {
    fields: {
      subscription_id: subscription.id,
      plan_type: subscription.plan_type,
      stripe_subscription_id: subscription.stripe_subscription_id,
    },
    payments: await subscriptionPayments(userId, subscription.stripe_subscription_id),
    sameRequest: (request) => request.subscription_id === subscription.id,
  };
};

/**
 * Files a refund request.
 *
 * 1. The purchase must be the caller's: a subscription read under the caller's own key, or a
 *    one-time order whose buyer is the caller; another user's is "not found" (404) and reveals
 *    nothing about its owner.
 * 2. The amount may not exceed what was paid for it, minus refunds and what earlier requests on it
 *    (not rejected) already ask back, so a buyer cannot ask for more than they paid, at once or in
 *    pieces.
 * 3. The request is stored as `pending`, with the plan or the template's title copied in.
 */
export const submitRefundRequest = async (
  caller: Pick<AuthContext, 'userId' | 'email'>,
  input: RefundRequestInput,
): Promise<RefundRequest> => {
  const [purchase, requests] = await Promise.all([
    ownPurchase(caller.userId, input),
    queryRefundRequestsOfUser(caller.userId),
  ]);
  const remaining = remainingToAsk(purchase.payments, requests.filter(purchase.sameRequest));
  if ((toPence(input.amount_requested) ?? Number.POSITIVE_INFINITY) > remaining) {
    const message = refundAboveRemainingMessage(formatGbp(remaining));
    throw new ValidationError(message, { amount_requested: message });
  }

  const item: RefundRequestItem = {
    id: ulid(),
    user_id: caller.userId,
    ...purchase.fields,
    user_email: caller.email,
    reason: input.reason,
    amount_requested: input.amount_requested,
    status: 'pending',
    created_at: new Date().toISOString(),
  };
  await createRefundRequest(item);
  return toRefundRequest(item);
};

/**
 * What the caller may ask money back on: their subscriptions (not custom-priced) and one-time
 * orders, each with the most still to ask; those with nothing left are left out.
 */
export const listRefundablePurchases = async (userId: string): Promise<RefundablePurchaseList> => {
  const [subscriptions, orders, requests] = await Promise.all([
    listSubscriptions(userId),
    listOneTimeOrders(userId),
    queryRefundRequestsOfUser(userId),
  ]);
  const fromSubscriptions = await Promise.all(
    subscriptions
      .filter((subscription) => planById(subscription.plan_type).priceGbp !== null)
      .map(async (subscription): Promise<RefundablePurchase> => {
        const payments = await subscriptionPayments(userId, subscription.stripe_subscription_id);
        return {
          kind: 'subscription',
          id: subscription.id,
          plan_type: subscription.plan_type,
          status: subscription.status,
          mvp_title: null,
          created_at: subscription.created_at,
          max_amount: remainingToAsk(
            payments,
            requests.filter((request) => request.subscription_id === subscription.id),
          ),
        };
      }),
  );
  const fromOrders = await Promise.all(
    orders.map(async (order): Promise<RefundablePurchase> => {
      const payments = await oneTimeOrderPayments(userId, order.id);
      return {
        kind: 'order',
        id: order.id,
        plan_type: null,
        status: null,
        mvp_title: order.mvpTitle,
        created_at: order.createdAt,
        max_amount: payments
          ? remainingToAsk(
              payments,
              requests.filter((request) => request.order_id === order.id),
            )
          : 0,
      };
    }),
  );
  return { items: [...fromSubscriptions, ...fromOrders].filter((item) => item.max_amount > 0) };
};

/** The caller's requests, newest first (Request History). */
export const listRefundRequests = async (userId: string): Promise<RefundRequest[]> =>
  (await queryRefundRequestsOfUser(userId)).map(toRefundRequest);

const purchaseKey = (item: RefundRequestItem) =>
  `${item.user_id}|${item.order_id ?? item.stripe_subscription_id}`;

/** The admin queue: the requests of one status, oldest first, with each subscription's money. */
export const listRefundRequestsByStatus = async (
  status: RefundStatus,
): Promise<AdminRefundRequest[]> => {
  const items = await queryRefundRequestsByStatus(status);
  // One read per subscription, however many of its requests are listed.
  const bySubscription = new Map<string, Promise<Payments>>();
  for (const item of items) {
    const key = purchaseKey(item);
    if (!bySubscription.has(key)) bySubscription.set(key, paymentsOf(item));
  }
  return Promise.all(
    items.map(async (item) =>
      toAdminRefundRequest(item, await bySubscription.get(purchaseKey(item))!),
    ),
  );
};

/** The request by id, or 404. */
export const requireRequest = async (id: string): Promise<RefundRequestItem> => {
  const item = await getRefundRequest(id);
  if (!item) throw new NotFoundError(REFUND_MESSAGES.requestNotFound);
  return item;
};

/** The admin acting on a request (the audit log names them). */
export interface RefundAdmin {
  userId: string;
  email: string;
}

/** The requester's notification (and e-mail) of the decision. */
const refundDecidedNotice = (request: RefundRequestItem) => {
  const amount = formatGbp(toPence(request.amount_requested) ?? 0);
  const purchase = request.plan_type
    ? `the ${planById(request.plan_type).name} plan`
    : (request.mvp_title ?? 'your template');
  return {
    userId: request.user_id,
    type: 'refund_decided' as const,
    message:
      request.status === 'approved'
        ? `Your refund request of ${amount} for ${purchase} was approved. You will be told when the money is on its way.`
        : `Your refund request of ${amount} for ${purchase} was not approved. Reply through the contact page if you would like to talk about it.`,
    link: '/refund-request',
  };
};

/**
 * Approves or rejects a pending request (F4). The transition is conditioned on `pending`, so a
 * second click, or another admin deciding first, is a 409 naming the status the request is in.
 */
export const decideRefund = async (
  admin: RefundAdmin,
  id: string,
  decision: 'approved' | 'rejected',
): Promise<AdminRefundRequest> => {
  // Read for the audit log's name of the request (its buyer); a missing one is the 404 here.
  const request = await requireRequest(id);
  const decided = await decideRefundRequest(
    id,
    decision,
    admin.userId,
    auditWrite({
      actor: admin,
      action: decision === 'approved' ? 'refund.approve' : 'refund.reject',
      target: { type: 'refund_request', id, name: request.user_email },
      before: { status: 'pending' },
      after: { status: decision },
      now: new Date().toISOString(),
    }),
  );
  if (!decided) {
    const current = await requireRequest(id);
    throw new ConflictError(
      refundStatusConflictMessage(decision === 'approved' ? 'approve' : 'reject', current.status),
    );
  }
  logger.info('Refund request decided', { refundRequestId: id, status: decision });
  await notifyUser(refundDecidedNotice(decided));
  return toAdminRefundRequest(decided, await paymentsOf(decided));
};

/** A closed account's refund requests: kept (the books need them) under the pseudonym. */
export const pseudonymiseRefundRequestsOf = async (
  userId: string,
  pseudonym: string,
): Promise<number> => {
  const items = await queryRefundRequestsOfUser(userId);
  for (const item of items) await pseudonymiseRefundRequest(item.id, pseudonym);
  return items.length;
};
