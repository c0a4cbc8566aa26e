/**
 * The user's download entitlement as the profiles domain shows it: in the owner's profile answer
 * (`GET`/`PATCH /api/me`, `PUT /api/me/avatar`) and the admin user list, under the field names
 * the profile once carried. The downloads domain owns the item (docs/data-model.md, section 3.28);
 * profiles sits below downloads, so it cannot call downloads' service and reads the item itself
 * (entitlement-read-repo.ts), as its declared reader (eslint.entity-owners.js). It never writes it.
 */
import type { Profile, ProfileQuota, UserProfile } from '../../contract/profile';
import type { EntitlementFields } from '../shared/db/entities/entitlement';
import { getEntitlementFieldsOf, getRemainingDownloadsOf } from './entitlement-read-repo';

const quotaOf = (fields: EntitlementFields): ProfileQuota => ({
  downloads_remaining: fields.downloads_remaining,
  download_quota: fields.download_quota,
  daily_download_limit: fields.daily_download_limit ?? null,
  last_download_date: fields.last_download_date ?? null,
  last_quota_reset_at: fields.last_quota_reset_at ?? null,
});

/** EN1: the owner's profile answer, the profile with its entitlement (or the defaults). */
export const withQuota = async (profile: UserProfile): Promise<Profile> => ({
  ...profile,
  ...quotaOf(await getEntitlementFieldsOf(profile)),
});

/**
 * EN2: the downloads left of each of a page of users (their entitlement's, else what their
 * profile still carries from before the item, else the defaults).
 */
export const remainingDownloadsOf = (
  users: Parameters<typeof getRemainingDownloadsOf>[0],
): Promise<Map<string, number>> => getRemainingDownloadsOf(users);
