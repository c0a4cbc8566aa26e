/**
 * The reads of the download entitlement behind the profiles domain's answers (entitlement-read.ts).
 * The downloads domain owns the item (docs/data-model.md, section 3.28); profiles sits below
 * downloads, so it reads the item here as its declared reader (eslint.entity-owners.js) and never
 * writes it. A user without the item has what their profile still carries from before it, else
 * their plan's defaults (`defaultEntitlementOf`), exactly as downloads reads them.
 */
import {
  EntitlementEntity,
  defaultEntitlementOf,
  type EntitlementFields,
} from '../shared/db/entities/entitlement';
import { readLegacyQuota } from './legacy-quota-repo';

/** EN1: the profile's entitlement, read consistently, or the defaults of a user without one. */
export const getEntitlementFieldsOf = async (profile: {
  id: string;
  created_at: string;
  beta_expires_at?: string | null;
}): Promise<EntitlementFields> => {
  // Both at once, so the answer waits for one read.
  const [{ data }, legacy] = await Promise.all([
    EntitlementEntity.get({ user_id: profile.id }).go({ consistent: true }),
    readLegacyQuota(profile.id),
  ]);
  return data ?? defaultEntitlementOf(profile, legacy);
};

/**
 * EN2: the downloads left of each of a page of users: their entitlement's, else what their profile
 * still carries from before the item (`downloads_remaining`, read with the page), else the defaults.
 */
export const getRemainingDownloadsOf = async (
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
