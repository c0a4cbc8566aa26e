/**
 * Refund requests (buyer spec §2, §5; issue 10 §7): a buyer asks for money back on one of their
 * own subscriptions, up to what they paid for it; admins approve or reject it, then process it,
 * which refunds the subscription's paid invoices through Stripe.
 *
 * What was paid and refunded comes from the billing domain (`subscriptionPayments`: the paid
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
import { isStripeError, stripe } from '../shared/adapters/stripe';
import type { AuthContext } from '../shared/auth/claims';
import { formatGbp, toPence } from '../../contract/money';
import { planById } from '../../contract/plans';
import {
  REFUND_MESSAGES,
  REFUND_STRIPE_UNAVAILABLE_MESSAGE,
  refundAboveRefundableMessage,
  refundAboveRemainingMessage,
  refundFailedMessage,
  refundStatusConflictMessage,
  type AdminRefundRequest,
  type ProcessRefundResult,
  type RefundablePurchase,
  type RefundablePurchaseList,
  type RefundRequest,
  type RefundRequestInput,
  type RefundStatus,
} from '../../contract/refunds';
import {
  ConflictError,
  DependencyFailedError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../shared/errors';
import { logger } from '../shared/observability';
import {
  createRefundRequest,
  decideRefundRequest,
  fixRefundPlan,
  getRefundRequest,
  markRefundProcessed,
  queryRefundRequestsByStatus,
  queryRefundRequestsOfUser,
  pseudonymiseRefundRequest,
  type RefundPlanEntry,
  type RefundRequestItem,
} from './repo';

type Payments = Awaited<ReturnType<typeof subscriptionPayments>>;

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
const penceOf = (request: Pick<RefundRequestItem, 'amount_requested'>): number =>
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
const paymentsOf = async (
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
const requireRequest = async (id: string): Promise<RefundRequestItem> => {
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

/**
 * Which invoices `amount` pence is refunded from: newest first, each at most what is left to
 * refund on it (paid minus refunded); invoices without a payment intent cannot be refunded.
 * `null` when the invoices together do not cover the amount.
 */
export const planRefund = (
  amount: number,
  invoices: Payments['invoices'],
): RefundPlanEntry[] | null => {
  if (amount <= 0) return null;
  const plan: RefundPlanEntry[] = [];
  let left = amount;
  const newestFirst = [...invoices].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const invoice of newestFirst) {
    if (left <= 0) break;
    const refundable = invoice.amountPaid - invoice.amountRefunded;
    if (!invoice.paymentIntentId || refundable <= 0) continue;
    const take = Math.min(refundable, left);
    plan.push({ invoice_id: invoice.id, payment_intent_id: invoice.paymentIntentId, amount: take });
    left -= take;
  }
  return left > 0 ? null : plan;
};

const refundableOf = (invoices: Payments['invoices']): number =>
  invoices
    .filter((invoice) => invoice.paymentIntentId)
    .reduce((sum, invoice) => sum + Math.max(0, invoice.amountPaid - invoice.amountRefunded), 0);

/**
 * The request's refund plan: the stored one when an earlier run fixed it, else a new one from
 * the subscription's paid invoices, stored before any money moves (condition: still approved, no
 * plan yet). An amount above what is left to refund is a 400 and stores nothing.
 */
const refundPlanOf = async (item: RefundRequestItem): Promise<RefundPlanEntry[]> => {
  if (item.refund_plan) return item.refund_plan;
  const amount = penceOf(item);
  const { invoices } = await paymentsOf(item);
  const plan = planRefund(amount, invoices);
  if (!plan) {
    const message = refundAboveRefundableMessage(
      formatGbp(amount),
      formatGbp(refundableOf(invoices)),
    );
    throw new ValidationError(message, { amount_requested: message });
  }
  const fixed = await fixRefundPlan(item.id, plan);
  if (fixed?.refund_plan) return fixed.refund_plan;
  // Another run fixed a plan first (use it) or the request left `approved` meanwhile.
  const current = await requireRequest(item.id);
  if (current.status === 'approved' && current.refund_plan) return current.refund_plan;
  throw new ConflictError(refundStatusConflictMessage('process', current.status));
};

/**
 * One Stripe refund per invoice of the plan, in order. The idempotency key names the request
 * (and the invoice when there are several), so a re-run gets the refunds already made back from
 * Stripe instead of refunding twice. Returns the Stripe refund ids.
 */
const makeStripeRefunds = async (
  item: RefundRequestItem,
  plan: readonly RefundPlanEntry[],
): Promise<string[]> => {
  const client = await stripe();
  const ids: string[] = [];
  for (const entry of plan) {
    const idempotencyKey =
      plan.length === 1 ? `refund-${item.id}` : `refund-${item.id}-${entry.invoice_id}`;
    try {
      const refund = await client.refunds.create(
        {
          payment_intent: entry.payment_intent_id,
          amount: entry.amount,
          metadata: { refund_request_id: item.id, user_id: item.user_id },
        },
        { idempotencyKey },
      );
      ids.push(refund.id);
    } catch (error) {
      if (!isStripeError(error)) throw error;
      logger.warn('Stripe refused a refund', {
        refundRequestId: item.id,
        invoiceId: entry.invoice_id,
        type: error.type,
        code: error.code,
      });
      if (
        ['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError'].includes(error.type)
      ) {
        throw new ServiceUnavailableError(REFUND_STRIPE_UNAVAILABLE_MESSAGE);
      }
      if (error.type === 'StripeAuthenticationError' || error.type === 'StripePermissionError') {
        // Our configuration is wrong, not the request: a 500 that is logged and alarmed on.
        throw error;
      }
      throw new DependencyFailedError(refundFailedMessage(error.message));
    }
  }
  return ids;
};

/**
 * Processes an approved request (F5): the money goes back through Stripe, then the request is
 * marked processed.
 *
 * 1. Read the request: 404 when absent, 409 unless it is approved.
 * 2. Fix the refund plan once (which paid invoices, how much each; at most what is left to
 *    refund on them, else 400).
 * 3. Refund through Stripe with idempotency keys (a refusal is a 502 with Stripe's reason, and the
 *    request stays approved).
 * 4. Mark it processed with the first Stripe refund id (condition `status = approved`). A crash
 *    between 3 and 4 is repaired by running it again: steps 2 and 3 give the same plan and the
 *    same refunds back.
 */
export const processRefund = async (
  admin: RefundAdmin,
  id: string,
): Promise<ProcessRefundResult> => {
  const item = await requireRequest(id);
  if (item.status !== 'approved') {
    throw new ConflictError(refundStatusConflictMessage('process', item.status));
  }
  const plan = await refundPlanOf(item);
  const refundIds = await makeStripeRefunds(item, plan);
  const refundId = refundIds[0]!;

  const now = new Date().toISOString();
  let processed = await markRefundProcessed(
    id,
    { stripe_refund_id: refundId, processed_at: now, processed_by: admin.userId },
    auditWrite({
      actor: admin,
      action: 'refund.process',
      target: { type: 'refund_request', id, name: item.user_email },
      before: { status: 'approved' },
      after: { status: 'processed', stripe_refund_id: refundId, refunds: refundIds.length },
      now,
    }),
  );
  if (!processed) {
    // A concurrent run of the same request finished first with the same refund: that is success.
    const current = await requireRequest(id);
    if (current.status !== 'processed' || current.stripe_refund_id !== refundId) {
      throw new ConflictError(refundStatusConflictMessage('process', current.status));
    }
    processed = current;
  }
  logger.info('Refund processed', { refundRequestId: id, refunds: refundIds.length });
  return { refundId, request: toAdminRefundRequest(processed, await paymentsOf(processed)) };
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
