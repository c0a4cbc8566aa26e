/**
 * The seller's Stripe Connect account (docs/data-model.md, section 3.30), which payouts own: whether
 * it can receive a transfer, and a way into its Stripe Express dashboard. Billing creates and
 * onboards the account at Stripe (lambdas/billing/connect.ts) and applies Stripe's
 * `account.updated` (webhook.ts), storing both through this module, so payouts never import billing
 * (billing's webhook hands payouts its transfer events).
 *
 * A user without the item has what their profile still carries from before it (profiles'
 * legacy-stripe.ts), until the backfill (lambdas/billing/tasks/backfill-stripe-fields.ts) moves it.
 */
import type { ConnectLoginLink } from '../../contract/billing';
import { CONNECT_MESSAGES } from '../../contract/connect-messages';
import { stripe, isStripeError } from '../shared/adapters/stripe';
import { throwIfThirdPartyUnavailable } from '../shared/adapters/unavailable';
import type { TransactionWrite } from '../shared/db/transaction';
import { ConflictError, DependencyFailedError } from '../shared/errors';
import { logger } from '../shared/observability';
import {
  getLegacyStripe,
  getLegacyStripeOfMany,
  type LegacyProfileStripe,
} from '../profiles/legacy-stripe';
import {
  batchGetConnectAccountItems,
  connectAccountCreate,
  connectStatusPatch,
  createConnectAccountIfAbsent,
  getConnectAccountItem,
  type ConnectAccountItem,
  type ConnectStatus,
} from './connect-account-repo';

/** The seller's Connect account and what Stripe last said of it. */
export interface ConnectAccount {
  accountId: string | null;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

const NO_ACCOUNT: ConnectAccount = {
  accountId: null,
  payoutsEnabled: false,
  detailsSubmitted: false,
};

const fromItem = (item: ConnectAccountItem): ConnectAccount => ({
  accountId: item.stripe_account_id,
  payoutsEnabled: item.stripe_payouts_enabled,
  detailsSubmitted: item.stripe_details_submitted,
});

const fromLegacy = (legacy: LegacyProfileStripe | null | undefined): ConnectAccount =>
  legacy?.stripe_account_id
    ? {
        accountId: legacy.stripe_account_id,
        payoutsEnabled: legacy.stripe_payouts_enabled ?? false,
        detailsSubmitted: legacy.stripe_details_submitted ?? false,
      }
    : NO_ACCOUNT;

/** The seller's Connect account: the item, else what the profile still carries, else none. */
export const connectAccountOf = async (userId: string): Promise<ConnectAccount> => {
  const item = await getConnectAccountItem(userId);
  return item ? fromItem(item) : fromLegacy(await getLegacyStripe(userId));
};

/** {@link connectAccountOf} for many sellers at once (the payout run's batches). */
export const connectAccountsOf = async (
  userIds: readonly string[],
): Promise<Map<string, ConnectAccount>> => {
  const unique = [...new Set(userIds)];
  const items = new Map(
    (await batchGetConnectAccountItems(unique)).map((item) => [item.user_id, fromItem(item)]),
  );
  const legacy = await getLegacyStripeOfMany(unique.filter((id) => !items.has(id)));
  return new Map(userIds.map((id) => [id, items.get(id) ?? fromLegacy(legacy.get(id))]));
};

/** The item of a user's Connect account with its status, first stored `now`. */
const accountItem = (
  userId: string,
  accountId: string,
  status: { payoutsEnabled: boolean; detailsSubmitted: boolean; eventCreated?: number },
  now = new Date().toISOString(),
): ConnectAccountItem => ({
  user_id: userId,
  stripe_account_id: accountId,
  stripe_payouts_enabled: status.payoutsEnabled,
  stripe_details_submitted: status.detailsSubmitted,
  ...(status.eventCreated !== undefined && { stripe_account_event_created: status.eventCreated }),
  created_at: now,
  updated_at: now,
});

/**
 * Stores the seller's Connect account once, not yet able to receive payouts (Stripe's
 * `account.updated` says when it is); after a lost race the stored one is returned.
 */
export const recordConnectAccount = async (userId: string, accountId: string): Promise<string> => {
  const created = await createConnectAccountIfAbsent(
    accountItem(userId, accountId, { payoutsEnabled: false, detailsSubmitted: false }),
  );
  if (created) return accountId;
  const stored = await getConnectAccountItem(userId);
  if (!stored) throw new Error(`User ${userId} has no Connect account`);
  return stored.stripe_account_id;
};

/**
 * The transaction item of an `account.updated` event (billing's webhook commits it with the
 * event's claim). It is refused, so the event changes nothing, when the account is not the user's
 * or a newer event was applied. A user whose account is still only on the profile gets the item
 * now, from the event, on the condition that it is still absent (when the backfill stored it in
 * between, the webhook plans again and gets the patch).
 */
export const connectStatusWrite = async (input: ConnectStatus): Promise<TransactionWrite> => {
  if (await getConnectAccountItem(input.userId)) return connectStatusPatch(input);
  const legacy = await getLegacyStripe(input.userId);
  const newer = (legacy?.stripe_account_event_created ?? 0) > input.eventCreated;
  // Not this user's account, or older than what the profile holds: the patch of an absent item
  // is refused, which is what such an event gets.
  if (legacy?.stripe_account_id !== input.accountId || newer) return connectStatusPatch(input);
  return connectAccountCreate(accountItem(input.userId, input.accountId, input, input.now));
};

/** The backfill's item: the account a profile carried, created only while the user has none. */
export const connectAccountCreateWrite = (
  userId: string,
  legacy: LegacyProfileStripe & { stripe_account_id: string },
  now: string,
): TransactionWrite =>
  connectAccountCreate(
    accountItem(
      userId,
      legacy.stripe_account_id,
      {
        payoutsEnabled: legacy.stripe_payouts_enabled ?? false,
        detailsSubmitted: legacy.stripe_details_submitted ?? false,
        eventCreated: legacy.stripe_account_event_created,
      },
      now,
    ),
  );

/**
 * `POST /api/connect/login-link`: a single-use link into the seller's Stripe Express dashboard
 * (balance, payouts to their bank, tax details). Stripe makes one only for an account that has
 * finished onboarding, so the caller is told to finish it first instead of a Stripe error.
 */
export const createConnectLoginLink = async (userId: string): Promise<ConnectLoginLink> => {
  const account = await connectAccountOf(userId);
  if (!account.accountId) throw new ConflictError(CONNECT_MESSAGES.notConnected);
  if (!account.detailsSubmitted) {
    throw new ConflictError(CONNECT_MESSAGES.onboardingUnfinished);
  }
  try {
    const client = await stripe();
    const link = await client.accounts.createLoginLink(account.accountId);
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
