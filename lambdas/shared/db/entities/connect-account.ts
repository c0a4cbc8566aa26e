/**
 * ConnectAccount (docs/data-model.md, section 3.30): the seller's Stripe Connect (Express) account
 * and what Stripe last said of it. One item per user, owned by the payouts domain, which pays into
 * the account: billing creates the account at Stripe and its webhook applies `account.updated`,
 * both through payouts' service (lambdas/payouts/connect-account.ts).
 *
 * - byUser (table): pk `user_id` → the user's account. It shares the user's item collection
 *   `$marketplace#user_id_<sub>` with their entitlement and downloads (section 1.3); the payout
 *   run reads many of them by key at once (BatchGetItem).
 *
 * Profiles written before this item still carry the account's fields until the backfill
 * (lambdas/billing/tasks/backfill-stripe-fields.ts) moves them; until then payouts reads them there.
 */
import { defineEntity } from '../entity';

export interface ConnectAccountItem {
  user_id: string;
  stripe_account_id: string;
  /** Stripe says the account can receive payouts / has submitted its details. */
  stripe_payouts_enabled: boolean;
  stripe_details_submitted: boolean;
  /** The `created` (seconds) of the newest `account.updated` applied: older ones change nothing. */
  stripe_account_event_created?: number;
  created_at: string;
  updated_at: string;
}

export const ConnectAccountEntity = defineEntity<ConnectAccountItem>()({
  entity: 'connect-account',
  version: '1',
  defaults: { stripe_payouts_enabled: false, stripe_details_submitted: false },
  indexes: {
    byUser: { pk: ['user_id'], sk: [] },
  },
});
