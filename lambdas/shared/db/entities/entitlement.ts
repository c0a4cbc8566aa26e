/**
 * Entitlement (docs/data-model.md, section 3.28): what one user may download, apart from who they
 * are. One item per user: the plan's monthly quota and what is left of it, the quota period
 * (`last_quota_reset_at`) and the daily counter. Owned by the downloads domain: a download writes
 * this item and never the profile, so a download and a profile edit never meet on one item, and
 * billing sets the quota through downloads' service (lambdas/downloads/entitlement.ts).
 *
 * - byUser (table): pk `user_id` → the user's entitlement. It shares the user's item collection
 *   `$marketplace#user_id_<sub>` with their downloads and notifications (section 1.3).
 *
 * A user without the item has the defaults of {@link defaultEntitlementOf}: nothing is written when
 * a profile is created, because the profiles domain sits below downloads and cannot lend its item;
 * the first write of downloads (a download, a plan's reset) creates it from those defaults.
 */
import { BETA_PROFILE, BETA_PROFILE_TTL_GRACE_SECONDS } from '../../../../contract/beta';
import { defineEntity } from '../entity';

export interface EntitlementItem {
  user_id: string;
  downloads_remaining: number;
  download_quota: number;
  /** At most this many downloads a day (the beta account's 50); none for a plan. */
  daily_download_limit?: number;
  /** `YYYY-MM-DD` of the last download that counted against the day. */
  last_download_date?: string;
  /** Downloads on `last_download_date`, so the daily limit holds under concurrent clicks. */
  downloads_today: number;
  /** The start of the current quota period; absent before the first reset. */
  last_quota_reset_at?: string;
  /** Epoch seconds (TTL), beta accounts only: the profile's own `expires_at`, so both go together. */
  expires_at?: number;
  created_at: string;
  updated_at: string;
}

/** The quota fields, without the key and the bookkeeping: what a default or a backfill supplies. */
export type EntitlementFields = Pick<
  EntitlementItem,
  | 'downloads_remaining'
  | 'download_quota'
  | 'daily_download_limit'
  | 'last_download_date'
  | 'downloads_today'
  | 'last_quota_reset_at'
  | 'expires_at'
>;

/**
 * What a user without an entitlement item has: the quota their profile still carries from before
 * the item existed (`legacy`, until the backfill moves it), else no downloads (the free plan), or
 * for a beta account the beta allowance (999, 50 a day) counted from the account's creation,
 * expiring with it. Deterministic, so every reader of a missing item sees the same period and counts.
 */
export const defaultEntitlementOf = (
  profile: { created_at: string; beta_expires_at?: string | null },
  legacy: Partial<EntitlementFields> | null = null,
): EntitlementFields => {
  if (legacy?.downloads_remaining !== undefined) {
    return {
      downloads_today: 0,
      download_quota: 0,
      ...legacy,
      downloads_remaining: legacy.downloads_remaining,
    };
  }
  if (!profile.beta_expires_at) {
    return { downloads_remaining: 0, download_quota: 0, downloads_today: 0 };
  }
  return {
    downloads_remaining: BETA_PROFILE.downloads,
    download_quota: BETA_PROFILE.downloads,
    daily_download_limit: BETA_PROFILE.dailyDownloadLimit,
    downloads_today: 0,
    last_quota_reset_at: profile.created_at,
    expires_at:
      Math.floor(Date.parse(profile.beta_expires_at) / 1000) + BETA_PROFILE_TTL_GRACE_SECONDS,
  };
};

export const EntitlementEntity = defineEntity<EntitlementItem>()({
  entity: 'entitlement',
  version: '1',
  defaults: { downloads_remaining: 0, download_quota: 0, downloads_today: 0 },
  indexes: {
    byUser: { pk: ['user_id'], sk: [] },
  },
});
