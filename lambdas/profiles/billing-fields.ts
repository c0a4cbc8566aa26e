/**
 * The profile's billing fields as other domains use them: the Stripe customer and Connect account
 * (billing, payouts) and the Connect status the webhook writes. The profiles domain owns the
 * profile; these are the only ways others change it. (The download quota is not the profile's:
 * it is the user's entitlement, lambdas/downloads/entitlement.ts.)
 */
import { batchGetConnectFields, getProfileById } from './repo';
import {
  connectStatusWrite,
  setStripeAccountIfAbsent,
  setStripeCustomerIfAbsent,
} from './billing-repo';

/** The Stripe ids and names a money flow needs; `null` when the user has no profile. */
export interface BillingProfile {
  id: string;
  email: string;
  displayName: string | null;
  username: string | null;
  stripeCustomerId: string | null;
  stripeAccountId: string | null;
  stripePayoutsEnabled: boolean;
  stripeDetailsSubmitted: boolean;
}

/** The caller's billing-relevant profile fields, read consistently. */
export const getBillingProfile = async (id: string): Promise<BillingProfile | null> => {
  const item = await getProfileById(id);
  if (!item) return null;
  return {
    id: item.id,
    email: item.email,
    displayName: item.display_name ?? null,
    username: item.username ?? null,
    stripeCustomerId: item.stripe_customer_id ?? null,
    stripeAccountId: item.stripe_account_id ?? null,
    stripePayoutsEnabled: item.stripe_payouts_enabled ?? false,
    stripeDetailsSubmitted: item.stripe_details_submitted ?? false,
  };
};

/**
 * Stores the user's Stripe customer once; when another request stored one first, that one is
 * returned (the caller then uses it, so a user never has two customers in our records).
 */
export const recordStripeCustomer = async (id: string, customerId: string): Promise<string> => {
  if (await setStripeCustomerIfAbsent(id, customerId, new Date().toISOString())) return customerId;
  const stored = await getProfileById(id);
  if (!stored?.stripe_customer_id) throw new Error(`Profile ${id} has no Stripe customer`);
  return stored.stripe_customer_id;
};

/** Stores the seller's Connect account once; returns the stored one after a lost race. */
export const recordStripeAccount = async (id: string, accountId: string): Promise<string> => {
  if (await setStripeAccountIfAbsent(id, accountId, new Date().toISOString())) return accountId;
  const stored = await getProfileById(id);
  if (!stored?.stripe_account_id) throw new Error(`Profile ${id} has no Connect account`);
  return stored.stripe_account_id;
};

export { connectStatusWrite };

/**
 * The Connect account of each of many users, read together (the payout run's batches): the
 * account id and whether it can receive payouts; users without a profile are left out.
 */
export const getConnectAccounts = async (
  ids: readonly string[],
): Promise<Map<string, { accountId: string | null; payoutsEnabled: boolean }>> =>
  new Map(
    (await batchGetConnectFields(ids)).map((item) => [
      item.id,
      {
        accountId: item.stripe_account_id ?? null,
        payoutsEnabled: item.stripe_payouts_enabled ?? false,
      },
    ]),
  );
