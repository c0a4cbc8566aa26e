/**
 * Who a paying user is, as billing's money flows use it: the address and names for a receipt or a
 * subscription's notice. The Stripe customer is not the profile's (the ledger's StripeCustomer,
 * lambdas/ledger/stripe-customer.ts), nor is the Connect account (payouts' ConnectAccount,
 * lambdas/payouts/connect-account.ts), nor the download quota (downloads' entitlement).
 */
import { getProfileById } from './repo';

/** The names and address a money flow needs; `null` when the user has no profile. */
export interface BillingProfile {
  id: string;
  email: string;
  displayName: string | null;
  username: string | null;
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
  };
};
