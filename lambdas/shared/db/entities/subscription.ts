/**
 * Subscription: a user's plan subscriptions, written only by the payment webhook
 * (docs/data-model.md §3.8). It lives in the user's item collection.
 *
 * - byUser (table):       pk `user_id`, sk `id` (ULID)         → the user's subscriptions newest
 *   first; the newest one is the "subscription view"
 * - byStripeId (gsi1):    pk `stripe_subscription_id`          → webhook lookup
 * - byStatus (gsi2):      pk `status`, sk `current_period_end` → monthly quota reset, renewals
 */
import { Entity } from 'electrodb';
import { PLAN_TYPES } from '../../contracts/plans';
import { SUBSCRIPTION_STATUSES } from '../../contracts/subscriptions';
import { SERVICE, entityConfig } from '../entity-config';

export const SubscriptionEntity = new Entity(
  {
    model: { entity: 'subscription', version: '1', service: SERVICE },
    attributes: {
      user_id: { type: 'string', required: true },
      id: { type: 'string', required: true },
      plan_type: { type: PLAN_TYPES, required: true },
      price_id: { type: 'string', required: true },
      stripe_subscription_id: { type: 'string', required: true },
      stripe_customer_id: { type: 'string', required: true },
      /** Stripe's status verbatim; "active" in the UI is active or trialing. */
      status: { type: SUBSCRIPTION_STATUSES, required: true },
      current_period_start: { type: 'string', required: true },
      current_period_end: { type: 'string', required: true },
      cancel_at_period_end: { type: 'boolean', required: true, default: false },
      /** Denormalised by the webhook from the default payment method, so the view is one read. */
      payment_method_brand: { type: 'string' },
      payment_method_last4: { type: 'string' },
      /** The Stripe event's `created` (seconds): older events never overwrite newer state. */
      last_event_created: { type: 'number', required: true },
      created_at: { type: 'string', required: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['user_id'] },
        sk: { field: 'sk', composite: ['id'] },
      },
      byStripeId: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['stripe_subscription_id'] },
        sk: { field: 'gsi1sk', composite: [] },
      },
      byStatus: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['status'] },
        sk: { field: 'gsi2sk', composite: ['current_period_end'] },
      },
    },
  },
  entityConfig(),
);
