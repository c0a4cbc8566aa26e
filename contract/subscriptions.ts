/**
 * Subscriptions as the API returns them: the caller's list and the one-row
 * "subscription view" of the newest subscription. Written only by the payment webhook (a later
 * issue); this contract is the read side.
 */
import type { PlanType } from './plans';

/** Stripe's subscription status, stored verbatim (docs/data-model.md, section 3.8). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A subscription that blocks starting another one: active, or its renewal failed and Stripe is
 * still retrying the card (the buyer fixes the card instead of subscribing twice).
 */
export const blocksNewSubscription = (status: SubscriptionStatus): boolean =>
  isActiveSubscriptionStatus(status) || status === 'past_due' || status === 'unpaid';

/** How a subscription's status reads to its owner (Stripe's codes are never shown). */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'active',
  trialing: 'trial',
  past_due: 'payment overdue',
  canceled: 'cancelled',
  incomplete: 'awaiting payment',
  incomplete_expired: 'expired',
  unpaid: 'unpaid',
  paused: 'paused',
};

/** "Active" in the product means Stripe's active or trialing. */
export const isActiveSubscriptionStatus = (status: SubscriptionStatus): boolean =>
  status === 'active' || status === 'trialing';

export interface Subscription {
  id: string;
  user_id: string;
  plan_type: PlanType;
  stripe_subscription_id: string;
  status: SubscriptionStatus;
  /** ISO-8601. */
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  created_at: string;
}

/** `GET /api/subscriptions/current`: the view row, or `null` fields when the user has none. */
export interface SubscriptionView {
  price_id: string | null;
  plan_type: PlanType | null;
  subscription_status: 'active' | 'inactive';
  /**
   * Stripe's own status of that subscription (`null` when the user never subscribed): tells a
   * failed renewal (`past_due`) and an ended plan (`canceled`) apart from never subscribing.
   */
  status: SubscriptionStatus | null;
  /** Epoch seconds, as the product's view carries it. */
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  payment_method_brand: string | null;
  payment_method_last4: string | null;
}

/** `GET /api/subscriptions`: the caller's subscriptions, newest first. */
export interface SubscriptionList {
  items: Subscription[];
}
