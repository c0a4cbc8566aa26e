/**
 * The data access of the download quota a profile written before the Entitlement item still
 * carries (docs/data-model.md, section 3.28): its reads and its removal. The downloads domain
 * reaches them through legacy-quota.ts; within profiles, the owner's profile answer reads them
 * here (entitlement-read-repo.ts).
 */
import { LEGACY_QUOTA_FIELDS, type LegacyProfileQuota } from '../shared/db/entities/profile';
import type { TransactionWrite } from '../shared/db/transaction';
import {
  legacyFieldPages,
  legacyFieldsRemoval,
  readLegacyFields,
  storedFields,
} from './legacy-fields-repo';

export type { LegacyProfileQuota };

/** The profile's legacy quota fields (consistent read), null when it has none (or no profile). */
export const readLegacyQuota = (id: string): Promise<LegacyProfileQuota | null> =>
  readLegacyFields<LegacyProfileQuota>(id, LEGACY_QUOTA_FIELDS);

/** A profile that still carries quota fields, with what it carries and when it was created. */
export interface LegacyQuotaHolder {
  id: string;
  created_at: string;
  /** A beta account's TTL (epoch seconds), for its entitlement to expire with it. */
  expires_at?: number;
  quota: LegacyProfileQuota;
}

/** EN9's reads: the profiles that still carry quota fields, a page at a time. */
export async function* legacyQuotaHolderPages(): AsyncGenerator<LegacyQuotaHolder[]> {
  for await (const items of legacyFieldPages(LEGACY_QUOTA_FIELDS, ['created_at', 'expires_at'])) {
    const holders = items
      .map((item) => ({
        id: item.id,
        created_at: item.created_at,
        ...(item.expires_at !== undefined && { expires_at: item.expires_at }),
        quota: storedFields<LegacyProfileQuota>(item, LEGACY_QUOTA_FIELDS),
      }))
      .filter((holder): holder is LegacyQuotaHolder => holder.quota !== null);
    if (holders.length > 0) yield holders;
  }
}

/**
 * EN9's second item: the quota fields leave the profile, on the condition that each is still as
 * read (legacy-fields-repo.ts), so a quota written meanwhile is never lost.
 */
export const legacyQuotaRemoval = (id: string, read: LegacyProfileQuota): TransactionWrite =>
  legacyFieldsRemoval(id, LEGACY_QUOTA_FIELDS, read);
