/**
 * The user's Stripe customer as the ledger records it (docs/data-model.md, section 3.29): billing
 * creates the customer at Stripe and stores it here once, so a user never has two customers in our
 * records. Users whose profile still carries the customer from before this item are read by billing
 * from the profile (lambdas/billing/stripe-customer.ts) until the backfill moves it; the ledger sits
 * below profiles and does not read it.
 */
import type { TransactionWrite } from '../shared/db/transaction';
import {
  createStripeCustomerIfAbsent,
  getStripeCustomerItem,
  stripeCustomerCreate,
} from './stripe-customer-repo';

/** The item of a user's customer, first stored `now`. */
const customerItem = (userId: string, customerId: string, now = new Date().toISOString()) => ({
  user_id: userId,
  stripe_customer_id: customerId,
  created_at: now,
  updated_at: now,
});

/** The user's recorded Stripe customer id, or null when the ledger has none. */
export const getStripeCustomerId = async (userId: string): Promise<string | null> =>
  (await getStripeCustomerItem(userId))?.stripe_customer_id ?? null;

/**
 * Stores the user's Stripe customer once; when another request stored one first, that one is
 * returned (the caller then uses it).
 */
export const recordStripeCustomer = async (userId: string, customerId: string): Promise<string> => {
  if (await createStripeCustomerIfAbsent(customerItem(userId, customerId))) return customerId;
  const stored = await getStripeCustomerItem(userId);
  if (!stored) throw new Error(`User ${userId} has no Stripe customer`);
  return stored.stripe_customer_id;
};

/** The backfill's item: the customer a profile carried, created only while the user has none. */
export const stripeCustomerCreateWrite = (
  userId: string,
  customerId: string,
  now: string,
): TransactionWrite => stripeCustomerCreate(customerItem(userId, customerId, now));
