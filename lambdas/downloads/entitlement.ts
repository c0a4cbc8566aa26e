/**
 * The entitlement's service: what a user may download (docs/data-model.md, section 3.28), as the
 * other domains use it. Billing reads it and sets the quota through the transaction items lent
 * here (a plan's reset, a plan switch, the end of a subscription); the account's closure and the
 * beta cleanup end it; the seed imports a demo account's. A download spends it in spend.ts.
 *
 * A user without the item has what their profile still carries from before the item, else the
 * defaults of their profile (`defaultEntitlementOf`): the first write stores them with its change,
 * so no profile creation has to write here.
 */
import type { ProfileQuota, UserProfile } from '../../contract/profile';
import type { TransactionWrite } from '../shared/db/transaction';
import { getLegacyQuota } from '../profiles/legacy-quota';
import { getProfile } from '../profiles/service';
import {
  changeWrite,
  createEntitlementIfAbsent,
  endEntitlementItem,
  getEntitlementItem,
  resetWrite,
  unstoredEntitlementRead,
  type EntitlementRead,
} from './entitlement-repo';

/** A user's entitlement as read: the numbers, and what a write of it is conditioned on. */
export interface Entitlement {
  userId: string;
  downloadsRemaining: number;
  downloadQuota: number;
  dailyDownloadLimit: number | null;
  lastDownloadDate: string | null;
  downloadsToday: number;
  /** The start of the current quota period; null before the first reset. */
  lastQuotaResetAt: string | null;
  /** The read behind the numbers, for the writes below (they are conditioned on it). */
  read: EntitlementRead;
}

const toEntitlement = (read: EntitlementRead): Entitlement => ({
  userId: read.userId,
  downloadsRemaining: read.fields.downloads_remaining,
  downloadQuota: read.fields.download_quota,
  dailyDownloadLimit: read.fields.daily_download_limit ?? null,
  lastDownloadDate: read.fields.last_download_date ?? null,
  downloadsToday: read.fields.downloads_today,
  lastQuotaResetAt: read.fields.last_quota_reset_at ?? null,
  read,
});

/**
 * A user without an entitlement item: what their profile still carries from before the item
 * (until the backfill moves it), else their plan's defaults.
 */
const entitlementWithoutItem = async (
  profile: Pick<UserProfile, 'id' | 'created_at' | 'beta_expires_at'>,
): Promise<Entitlement> =>
  toEntitlement(unstoredEntitlementRead(profile, await getLegacyQuota(profile.id)));

/**
 * EN1: the user's entitlement read consistently; the profile is read only when the user has no
 * item (for its defaults). Null when the user has neither: no profile, nothing to entitle.
 */
export const getEntitlement = async (userId: string): Promise<Entitlement | null> => {
  const item = await getEntitlementItem(userId);
  if (item) return toEntitlement({ userId, stored: true, fields: item });
  const profile = await getProfile(userId);
  return profile ? entitlementWithoutItem(profile) : null;
};

/** The entitlement of a user whose profile the caller holds already. */
export const getEntitlementOf = async (
  profile: Pick<UserProfile, 'id' | 'created_at' | 'beta_expires_at'>,
): Promise<Entitlement> => {
  const item = await getEntitlementItem(profile.id);
  return item
    ? toEntitlement({ userId: profile.id, stored: true, fields: item })
    : entitlementWithoutItem(profile);
};

/** The user's profile and entitlement, read together; both null when the user has no profile. */
export const getProfileWithEntitlement = async (
  userId: string,
): Promise<
  { profile: UserProfile; entitlement: Entitlement } | { profile: null; entitlement: null }
> => {
  const [profile, item] = await Promise.all([getProfile(userId), getEntitlementItem(userId)]);
  if (!profile) return { profile: null, entitlement: null };
  const entitlement = item
    ? toEntitlement({ userId, stored: true, fields: item })
    : await entitlementWithoutItem(profile);
  return { profile, entitlement };
};

/** The entitlement under the wire names the profile answer and the statuses keep. */
export const profileQuotaOf = (entitlement: Entitlement): ProfileQuota => ({
  downloads_remaining: entitlement.downloadsRemaining,
  download_quota: entitlement.downloadQuota,
  daily_download_limit: entitlement.dailyDownloadLimit,
  last_download_date: entitlement.lastDownloadDate,
  last_quota_reset_at: entitlement.lastQuotaResetAt,
});

/**
 * EN5 as a transaction item: the monthly reset of the period starting at `periodStart`, at most
 * once per period. Leave it out when `read.lastQuotaResetAt` shows the period reset already.
 */
export const entitlementResetWrite = (
  read: Entitlement,
  input: { quota: number; periodStart: string; now: string },
): TransactionWrite => resetWrite(read.read, input);

/**
 * EN6 as a transaction item: the quota after a plan switch or the end of a subscription,
 * conditioned on the remaining count read; a refusal means a download moved it (read again).
 */
export const entitlementChangeWrite = (
  read: Entitlement,
  input: { remaining: number; quota: number; now: string },
): TransactionWrite => changeWrite(read.read, input);

/**
 * EN7: a closed account has nothing left to download. `expiresAt` (epoch seconds): a beta
 * account's TTL, given to an item this creates, so it goes with the profile.
 */
export const endEntitlement = (
  userId: string,
  now: string,
  expiresAt: number | null = null,
): Promise<void> => endEntitlementItem(userId, now, expiresAt);

/**
 * EN8: the quota of an account that arrives whole (the local demo data), unless the user has an
 * entitlement already. An account with a quota counts it from `now`, as a fresh reset.
 */
export const importEntitlement = (input: {
  userId: string;
  downloadsRemaining: number;
  downloadQuota: number;
  dailyDownloadLimit?: number;
  now: string;
}): Promise<boolean> =>
  createEntitlementIfAbsent({
    user_id: input.userId,
    downloads_remaining: input.downloadsRemaining,
    download_quota: input.downloadQuota,
    ...(input.dailyDownloadLimit !== undefined && {
      daily_download_limit: input.dailyDownloadLimit,
    }),
    downloads_today: 0,
    // A quota counts from its last reset; an account with none has never had one.
    ...(input.downloadQuota > 0 && { last_quota_reset_at: input.now }),
    created_at: input.now,
    updated_at: input.now,
  });
