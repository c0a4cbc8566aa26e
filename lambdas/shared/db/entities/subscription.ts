/**
 * Subscription: a user's plan subscriptions, written only by the payment webhook
 * (docs/data-model.md, section 3.8). It lives in the user's item collection.
 *
 * - byUser (table):       pk `user_id`, sk `id` (ULID)         → the user's subscriptions newest
 *   first; the newest one is the "subscription view"
 * - byStripeId (gsi1):    pk `stripe_subscription_id`          → webhook lookup
 * - byStatus (gsi2):      pk `status`, sk `current_period_end` → monthly quota reset, renewals
 */
import type { PLAN_TYPES } from '../../../../contract/plans';
import type { SUBSCRIPTION_STATUSES } from '../../../../contract/subscriptions';
import { defineEntity } from '../entity';

export interface SubscriptionItem {
  user_id: string;
  id: string;
  plan_type: (typeof PLAN_TYPES)[number];
  price_id: string;
  stripe_subscription_id: string;
  stripe_customer_id: string;
  /** Stripe's status verbatim; "active" in the UI is active or trialing. */
  status: (typeof SUBSCRIPTION_STATUSES)[number];
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  /** Denormalised by the webhook from the default payment method, so the view is one read. */
  payment_method_brand?: string;
  payment_method_last4?: string;
  /**
   * Downloads per period agreed for this subscription, when not the plan's own: an Enterprise
   * plan an admin set up (no Stripe subscription behind it; `price_id` is `manual_enterprise`).
   */
  custom_quota?: number;
  /** The Stripe event's `created` (seconds): older events never overwrite newer state. */
  last_event_created: number;
  created_at: string;
  updated_at: string;
}

export const SubscriptionEntity = defineEntity<SubscriptionItem>()({
  entity: 'subscription',
  version: '1',
  defaults: { cancel_at_period_end: false },
  indexes: {
    byUser: { pk: ['user_id'], sk: ['id'] },
    byStripeId: { index: 'gsi1', pk: ['stripe_subscription_id'], sk: [] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['current_period_end'] },
  },
});
