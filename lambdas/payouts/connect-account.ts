/**
 * The seller's Stripe Connect account as payouts use it: whether it can receive a transfer, and a
 * way into its Stripe Express dashboard. The account itself is created and onboarded by billing
 * (lambdas/billing/connect.ts) and stored on the profile; payouts read it from there, so payouts
 * never import billing (billing's webhook hands payouts its transfer events).
 */
import type { ConnectLoginLink } from '../../contract/billing';
import { CONNECT_MESSAGES } from '../../contract/connect-messages';
import { stripe, isStripeError } from '../shared/adapters/stripe';
import { throwIfThirdPartyUnavailable } from '../shared/adapters/unavailable';
import { ConflictError, DependencyFailedError } from '../shared/errors';
import { logger } from '../shared/observability';
import { getBillingProfile, getConnectAccounts } from '../profiles/billing-fields';

/** The seller's Connect account and whether Stripe lets it receive payouts. */
export const connectAccountOf = async (
  userId: string,
): Promise<{ accountId: string | null; payoutsEnabled: boolean }> => {
  const profile = await getBillingProfile(userId);
  return {
    accountId: profile?.stripeAccountId ?? null,
    payoutsEnabled: profile?.stripePayoutsEnabled ?? false,
  };
};

export type ConnectAccount = Awaited<ReturnType<typeof connectAccountOf>>;

/** {@link connectAccountOf} for many sellers at once (a seller without a profile has none). */
export const connectAccountsOf = async (
  userIds: readonly string[],
): Promise<Map<string, ConnectAccount>> => {
  const found = await getConnectAccounts([...new Set(userIds)]);
  return new Map(
    userIds.map((id) => [id, found.get(id) ?? { accountId: null, payoutsEnabled: false }]),
  );
};

/**
 * `POST /api/connect/login-link`: a single-use link into the seller's Stripe Express dashboard
 * (balance, payouts to their bank, tax details). Stripe makes one only for an account that has
 * finished onboarding, so the caller is told to finish it first instead of a Stripe error.
 */
export const createConnectLoginLink = async (userId: string): Promise<ConnectLoginLink> => {
  const profile = await getBillingProfile(userId);
  if (!profile?.stripeAccountId) throw new ConflictError(CONNECT_MESSAGES.notConnected);
  if (!profile.stripeDetailsSubmitted) {
    throw new ConflictError(CONNECT_MESSAGES.onboardingUnfinished);
  }
  try {
    const client = await stripe();
    const link = await client.accounts.createLoginLink(profile.stripeAccountId);
    return { url: link.url };
  } catch (error) {
    throwIfThirdPartyUnavailable(error);
    if (isStripeError(error)) {
      logger.error('Stripe refused a login link', { type: error.type, code: error.code });
      throw new DependencyFailedError(CONNECT_MESSAGES.loginLinkFailed);
    }
    throw error;
  }
};
