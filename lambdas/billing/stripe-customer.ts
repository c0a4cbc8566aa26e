/**
 * The user's Stripe customer as billing uses it: the ledger's StripeCustomer item
 * (docs/data-model.md, section 3.29), else the `stripe_customer_id` a profile written before the
 * item still carries (profiles' legacy-stripe.ts), until the backfill
 * (tasks/backfill-stripe-fields.ts) moves it. Billing reads both because it sits above both; the
 * ledger, below profiles, does not read profiles.
 */
import { getStripeCustomerId } from '../ledger/stripe-customer';
import { getLegacyStripe } from '../profiles/legacy-stripe';

/** The user's Stripe customer id, or null when they never had one. */
export const stripeCustomerOf = async (userId: string): Promise<string | null> =>
  (await getStripeCustomerId(userId)) ??
  (await getLegacyStripe(userId))?.stripe_customer_id ??
  null;
