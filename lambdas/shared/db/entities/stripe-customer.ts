/**
 * StripeCustomer (docs/data-model.md, section 3.29): the user's customer at Stripe, the one every
 * checkout, subscription and the billing portal use. One item per user, owned by the ledger, which
 * records what a user bought and paid; billing creates it through the ledger's service
 * (lambdas/ledger/stripe-customer.ts), so a profile edit and a checkout never meet on one item.
 *
 * - byUser (table): pk `user_id` → the user's customer. It shares the user's item collection
 *   `$marketplace#user_id_<sub>` with their entitlement, downloads and notifications (section 1.3).
 *
 * Created once, on the condition that it is absent: two checkouts at once keep the first customer.
 * Profiles written before this item still carry `stripe_customer_id` until the backfill
 * (lambdas/billing/tasks/backfill-stripe-fields.ts) moves it; until then billing reads it there.
 */
import { defineEntity } from '../entity';

export interface StripeCustomerItem {
  user_id: string;
  stripe_customer_id: string;
  created_at: string;
  updated_at: string;
}

export const StripeCustomerEntity = defineEntity<StripeCustomerItem>()({
  entity: 'stripe-customer',
  version: '1',
  indexes: {
    byUser: { pk: ['user_id'], sk: [] },
  },
});
