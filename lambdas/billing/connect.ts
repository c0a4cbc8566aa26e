/**
 * Stripe Connect onboarding: one Express account per approved
 * seller, created once (idempotency key per user) and stored as the seller's ConnectAccount
 * (payouts own it: lambdas/payouts/connect-account.ts), and a fresh onboarding link each
 * time; Stripe's `account.updated` tells us when payouts are enabled (webhook.ts).
 */
import { config } from '../shared/config';
import { stripe, isStripeError } from '../shared/adapters/stripe';
import { throwIfThirdPartyUnavailable } from '../shared/adapters/unavailable';
import {
  CONNECT_MESSAGES,
  type ConnectLinkResult,
  type ConnectStatus,
} from '../../contract/billing';
import { DependencyFailedError, ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { connectAccountOf, recordConnectAccount } from '../payouts/connect-account';
import type { Caller } from './checkout';

/** `GET /api/connect`. */
export const getConnectStatus = async (userId: string): Promise<ConnectStatus> => {
  const account = await connectAccountOf(userId);
  return {
    connected: Boolean(account.accountId),
    payouts_enabled: account.payoutsEnabled,
    details_submitted: account.detailsSubmitted,
  };
};

/**
 * `POST /api/connect/account-link`: 1. the seller's account (stored, or created once),
 * 2. an onboarding link returning to `/payouts?status=success`, refreshing to
 * `/connect-stripe?status=refresh` on the site the request came from.
 */
export const createConnectAccountLink = async (
  caller: Caller,
  origin: string | undefined,
): Promise<ConnectLinkResult> => {
  if (!origin || !/^https?:\/\/[^/]+$/.test(origin)) {
    throw new ValidationError('The request must come from the marketplace site.');
  }
  try {
    const client = await stripe();
    let { accountId } = await connectAccountOf(caller.userId);
    if (!accountId) {
      const account = await client.accounts.create(
        {
          type: 'express',
          country: 'GB',
          default_currency: config().STRIPE_CURRENCY,
          email: caller.email,
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: caller.userId },
        },
        { idempotencyKey: `connect-account-${caller.userId}` },
      );
      accountId = await recordConnectAccount(caller.userId, account.id);
    }
    const link = await client.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${origin}/payouts?status=success`,
      refresh_url: `${origin}/connect-stripe?status=refresh`,
    });
    return { account_link_url: link.url };
  } catch (error) {
    throwIfThirdPartyUnavailable(error);
    if (isStripeError(error)) {
      logger.error('Stripe refused a Connect call', { type: error.type, code: error.code });
      throw new DependencyFailedError(CONNECT_MESSAGES.linkFailed);
    }
    throw error;
  }
};
