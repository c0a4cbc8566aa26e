/**
 * Billing, read side: the caller's subscriptions and the subscription view (buyer spec §3). The
 * payment webhook that writes subscriptions comes with checkout; other domains (refunds) call
 * `getOwnSubscription` here, never the repo.
 */
import {
  isActiveSubscriptionStatus,
  type Subscription,
  type SubscriptionView,
} from '../shared/contracts/subscriptions';
import {
  getNewestSubscriptionOfUser,
  getSubscriptionOfUser,
  querySubscriptionsOfUser,
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
  current_period_end: null,
  cancel_at_period_end: false,
  payment_method_brand: null,
  payment_method_last4: null,
};

/** The view row of the newest subscription (docs/data-model.md §3.8, S2). */
export const toSubscriptionView = (item: SubscriptionItem | null): SubscriptionView => {
  if (!item) return NO_SUBSCRIPTION_VIEW;
  return {
    price_id: item.price_id,
    plan_type: item.plan_type,
    subscription_status: isActiveSubscriptionStatus(item.status) ? 'active' : 'inactive',
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
