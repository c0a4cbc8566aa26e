/**
 * Refund requests, buyer side (buyer spec §2, §5): a buyer asks for money back on one of their own
 * subscriptions; admins approve, reject and process later (another issue).
 */
import { ulid } from 'ulid';
import { getOwnSubscription } from '../billing/service';
import type { AuthContext } from '../shared/auth/claims';
import {
  REFUND_MESSAGES,
  type RefundRequest,
  type RefundRequestInput,
} from '../shared/contracts/refunds';
import { NotFoundError } from '../shared/errors';
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

/**
 * Files a refund request.
 *
 * 1. The subscription must be the caller's: it is read under the caller's own key, so another
 *    user's subscription id is "not found" (404) and reveals nothing about its owner.
 * 2. The request is stored as `pending`, with the subscription's plan copied in for the lists.
 */
export const submitRefundRequest = async (
  caller: Pick<AuthContext, 'userId' | 'email'>,
  input: RefundRequestInput,
): Promise<RefundRequest> => {
  const subscription = await getOwnSubscription(caller.userId, input.subscription_id);
  if (!subscription) throw new NotFoundError(REFUND_MESSAGES.subscriptionNotFound);

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
