/**
 * Refund requests, buyer side (buyer spec §2, §5): a buyer asks for money back on one of their own
 * subscriptions; admins approve, reject and process later (another issue).
 */
import { ulid } from 'ulid';
import { getOwnSubscription } from '../billing/service';
import type { AuthContext } from '../shared/auth/claims';
import { formatGbp, toPence } from '../shared/contracts/money';
import { planById } from '../shared/contracts/plans';
import {
  REFUND_MESSAGES,
  refundAboveRemainingMessage,
  type RefundRequest,
  type RefundRequestInput,
} from '../shared/contracts/refunds';
import type { Subscription } from '../shared/contracts/subscriptions';
import { NotFoundError, ValidationError } from '../shared/errors';
import { createRefundRequest, queryRefundRequestsOfUser, type RefundRequestItem } from './repo';

/** The stored item as the API shape, with the joined subscription (an explicit allow-list). */
export const toRefundRequest = (item: RefundRequestItem): RefundRequest => ({
  id: item.id,
  user_id: item.user_id,
  subscription_id: item.subscription_id,
  reason: item.reason,
  amount_requested: item.amount_requested,
  status: item.status,
  created_at: item.created_at,
  processed_at: item.processed_at ?? null,
  stripe_refund_id: item.stripe_refund_id ?? null,
  subscription: {
    plan_type: item.plan_type,
    stripe_subscription_id: item.stripe_subscription_id,
  },
});

/** Monthly periods a subscription has started, from its creation to now (or its last period). */
export const periodsStarted = (subscription: Subscription, now: Date): number => {
  const start = new Date(subscription.created_at);
  const periodEnd = new Date(subscription.current_period_end);
  // An ended subscription stops counting at the end of its last period.
  const until = periodEnd < now && subscription.status !== 'active' ? periodEnd : now;
  const months =
    (until.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    (until.getUTCMonth() - start.getUTCMonth()) -
    (until.getUTCDate() < start.getUTCDate() ? 1 : 0);
  return Math.max(1, months + 1);
};

/**
 * What the buyer paid for a subscription, in pence. Payments are not recorded yet (the payments
 * issue records Stripe's invoices), so until then it is the plan's price for every monthly period
 * the subscription has started. `null` for plans without a list price (Enterprise).
 */
export const paidForSubscription = (subscription: Subscription, now: Date): number | null => {
  const price = planById(subscription.plan_type).priceGbp;
  return price === null ? null : price * 100 * periodsStarted(subscription, now);
};

/**
 * Files a refund request.
 *
 * 1. The subscription must be the caller's: it is read under the caller's own key, so another
 *    user's subscription id is "not found" (404) and reveals nothing about its owner.
 * 2. The amount may not exceed what was paid for that subscription minus what earlier requests on
 *    it (not rejected) already ask back, so a buyer cannot ask for more than they paid, at once or
 *    in pieces.
 * 3. The request is stored as `pending`, with the subscription's plan copied in for the lists.
 */
export const submitRefundRequest = async (
  caller: Pick<AuthContext, 'userId' | 'email'>,
  input: RefundRequestInput,
): Promise<RefundRequest> => {
  const subscription = await getOwnSubscription(caller.userId, input.subscription_id);
  if (!subscription) throw new NotFoundError(REFUND_MESSAGES.subscriptionNotFound);

  const paid = paidForSubscription(subscription, new Date());
  if (paid === null) {
    throw new ValidationError(REFUND_MESSAGES.customPlan, {
      subscription_id: REFUND_MESSAGES.customPlan,
    });
  }
  const askedBefore = (await queryRefundRequestsOfUser(caller.userId))
    .filter(
      (request) => request.subscription_id === subscription.id && request.status !== 'rejected',
    )
    .reduce((sum, request) => sum + (toPence(request.amount_requested) ?? 0), 0);
  const remaining = Math.max(0, paid - askedBefore);
  if ((toPence(input.amount_requested) ?? Number.POSITIVE_INFINITY) > remaining) {
    const message = refundAboveRemainingMessage(formatGbp(remaining));
    throw new ValidationError(message, { amount_requested: message });
  }

  const item: RefundRequestItem = {
    id: ulid(),
    user_id: caller.userId,
    subscription_id: subscription.id,
    plan_type: subscription.plan_type,
    stripe_subscription_id: subscription.stripe_subscription_id,
    user_email: caller.email,
    reason: input.reason,
    amount_requested: input.amount_requested,
    status: 'pending',
    created_at: new Date().toISOString(),
  };
  await createRefundRequest(item);
  return toRefundRequest(item);
};

/** The caller's requests, newest first (Request History). */
export const listRefundRequests = async (userId: string): Promise<RefundRequest[]> =>
  (await queryRefundRequestsOfUser(userId)).map(toRefundRequest);
