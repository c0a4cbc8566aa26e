/**
 * Profile: one item per Cognito user, keyed by the Cognito `sub`.
 *
 * - byId (table):      pk `$marketplace#id_{sub}`            → the profile itself
 * - byUsername (gsi1): pk `$marketplace#username_{username}` → public seller page, uniqueness check
 *   (sparse: only profiles with a username are in it; uniqueness itself is enforced by a
 *   transactionally written UsernameClaim, because a GSI is only eventually consistent)
 * - byRole (gsi2):     pk `role`, sk `created_at`             → admin lists, newest users
 *
 * A beta-access account's profile carries `beta_expires_at`; the hourly cleanup closes it
 * (`closed_at`) and TTL (`expires_at`) deletes it a day later (docs/data-model.md, sections 3.1, 3.18).
 *
 * The download quota is not here: it is the user's Entitlement (entitlement.ts), which the
 * downloads domain owns. Profiles written before it still carry the quota fields
 * ({@link LegacyProfileQuota}) until the backfill (lambdas/downloads/tasks/backfill-entitlements.ts)
 * moves them. Nor are the Stripe customer (stripe-customer.ts, the ledger's) and the Connect
 * account (connect-account.ts, payouts'): profiles written before them still carry their fields
 * ({@link LegacyProfileStripe}), read only, until lambdas/billing/tasks/backfill-stripe-fields.ts
 * moves them.
 */
import type { ROLES } from '../../../../contract/profile';
import { defineEntity } from '../entity';

export interface ProfileItem {
  id: string;
  email: string;
  username?: string;
  display_name?: string;
  bio?: string;
  profile_picture_url?: string;
  website_url?: string;
  social_links?: { twitter?: string; linkedin?: string; github?: string };
  github_username?: string;
  netlify_site_name?: string;
  role: (typeof ROLES)[number];
  is_seller_approved: boolean;
  github_app_installation_id?: string;
  /** Beta accounts only (ISO): when the cleanup removes the account. No admin rights while set. */
  beta_expires_at?: string;
  /** Set when the account was removed: a still-valid token gets 401, never a new profile. */
  closed_at?: string;
  /** Epoch seconds (TTL), beta accounts only: a day after `beta_expires_at`, so closing runs first. */
  expires_at?: number;
  created_at: string;
  updated_at: string;
}

/**
 * The quota fields a profile carried before the Entitlement item. Nothing writes them any more;
 * while a user has no entitlement item they are what the user has (docs/data-model.md, 3.28), and
 * the backfill moves them (EN9).
 */
export interface LegacyProfileQuota {
  downloads_remaining?: number;
  download_quota?: number;
  daily_download_limit?: number;
  last_download_date?: string;
  downloads_today?: number;
  last_quota_reset_at?: string;
}

/**
 * The Stripe fields a profile carried before the StripeCustomer and ConnectAccount items. Nothing
 * writes them any more; while a user has no such item they are what the user has
 * (docs/data-model.md, 3.29 and 3.30), and the backfill moves them.
 */
export interface LegacyProfileStripe {
  stripe_customer_id?: string;
  stripe_account_id?: string;
  stripe_payouts_enabled?: boolean;
  stripe_details_submitted?: boolean;
  stripe_account_event_created?: number;
}

export const LEGACY_STRIPE_FIELDS = [
  'stripe_customer_id',
  'stripe_account_id',
  'stripe_payouts_enabled',
  'stripe_details_submitted',
  'stripe_account_event_created',
] as const satisfies readonly (keyof LegacyProfileStripe)[];

/** The profile item as a profile written before the Entitlement and Stripe items may still be. */
export type LegacyProfileItem = ProfileItem & LegacyProfileQuota & LegacyProfileStripe;

export const LEGACY_QUOTA_FIELDS = [
  'downloads_remaining',
  'download_quota',
  'daily_download_limit',
  'last_download_date',
  'downloads_today',
  'last_quota_reset_at',
] as const satisfies readonly (keyof LegacyProfileQuota)[];

export const ProfileEntity = defineEntity<ProfileItem>()({
  entity: 'profile',
  version: '1',
  defaults: {
    role: 'buyer',
    is_seller_approved: false,
  },
  indexes: {
    byId: { pk: ['id'], sk: [] },
    byUsername: { index: 'gsi1', pk: ['username'], sk: [] },
    byRole: { index: 'gsi2', pk: ['role'], sk: ['created_at'] },
  },
});

/** The profile's indexes, for the legacy view of the same items below. */
const PROFILE_INDEXES = ProfileEntity.definition.indexes;

/**
 * The same items typed with their legacy quota and Stripe fields: for the profiles domain's reads of them and
 * the backfill's removal, so no other code sees fields the profile no longer has.
 */
export const LegacyProfileEntity = defineEntity<LegacyProfileItem>()({
  entity: 'profile',
  version: '1',
  indexes: {
    byId: PROFILE_INDEXES.byId,
    byUsername: PROFILE_INDEXES.byUsername,
    byRole: PROFILE_INDEXES.byRole,
  },
});
