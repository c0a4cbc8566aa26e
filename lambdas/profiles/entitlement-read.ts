/**
 * The user's download entitlement as the profiles domain shows it: in the owner's profile answer
 * (`GET`/`PATCH /api/me`, `PUT /api/me/avatar`) and the admin user list, under the field names
 * the profile once carried. The downloads domain owns the item (docs/data-model.md, section 3.28);
 * profiles sits below downloads, so it cannot call downloads' service and reads the item itself, as
 * its declared reader (eslint.entity-owners.js). It never writes it.
 */
import type { Profile, ProfileQuota, UserProfile } from '../../contract/profile';
import {
  EntitlementEntity,
  defaultEntitlementOf,
  type EntitlementFields,
} from '../shared/db/entities/entitlement';
import { getLegacyQuota } from './legacy-quota';

const quotaOf = (fields: EntitlementFields): ProfileQuota => ({
  downloads_remaining: fields.downloads_remaining,
  download_quota: fields.download_quota,
  daily_download_limit: fields.daily_download_limit ?? null,
  last_download_date: fields.last_download_date ?? null,
  last_quota_reset_at: fields.last_quota_reset_at ?? null,
});

/** EN1: the owner's profile answer, the profile with its entitlement (or the defaults). */
export const withQuota = async (profile: UserProfile): Promise<Profile> => {
  // Both at once, so the answer waits for one read: without an item, what the profile still
  // carries from before the item, else the plan's defaults.
  const [{ data }, legacy] = await Promise.all([
    EntitlementEntity.get({ user_id: profile.id }).go({ consistent: true }),
    getLegacyQuota(profile.id),
  ]);
  return { ...profile, ...quotaOf(data ?? defaultEntitlementOf(profile, legacy)) };
};

/**
 * EN2: the downloads left of each of a page of users: their entitlement's, else what their profile
 * still carries from before the item (`downloads_remaining`, read with the page), else the defaults.
 */
export const remainingDownloadsOf = async (
  users: readonly {
    id: string;
    created_at: string;
    beta_expires_at?: string | null;
    downloads_remaining?: number;
  }[],
): Promise<Map<string, number>> => {
  const items = await EntitlementEntity.batchGetAll(
    users.map((user) => ({ user_id: user.id })),
    { attributes: ['user_id', 'downloads_remaining'] },
  );
  const stored = new Map(items.map((item) => [item.user_id, item.downloads_remaining]));
  return new Map(
    users.map((user) => [
      user.id,
      stored.get(user.id) ??
        defaultEntitlementOf(
          user,
          user.downloads_remaining === undefined
            ? null
            : { downloads_remaining: user.downloads_remaining },
        ).downloads_remaining,
    ]),
  );
};
