/**
 * The download quota a profile written before the Entitlement item still carries
 * (docs/data-model.md, section 3.28), as the downloads domain asks for it. While a user has no
 * entitlement item, these fields are what they have, so downloads reads them here; its backfill
 * (EN9) moves them into the entitlement and removes them from the profile with the item lent here.
 * Nothing else writes them. The reads and the removal are in legacy-quota-repo.ts, which another
 * domain may not import.
 */
import type { TransactionWrite } from '../shared/db/transaction';
import {
  legacyQuotaHolderPages,
  legacyQuotaRemoval,
  readLegacyQuota,
  type LegacyProfileQuota,
  type LegacyQuotaHolder,
} from './legacy-quota-repo';

export type { LegacyProfileQuota, LegacyQuotaHolder };

/** The profile's legacy quota fields (consistent read), null when it has none (or no profile). */
export const getLegacyQuota = (id: string): Promise<LegacyProfileQuota | null> =>
  readLegacyQuota(id);

/** EN9's reads: the profiles that still carry quota fields, a page at a time. */
export const profilesWithLegacyQuota = (): AsyncGenerator<LegacyQuotaHolder[]> =>
  legacyQuotaHolderPages();

/**
 * EN9's second item: the quota fields leave the profile, on the condition that each is still as
 * read, so a quota written meanwhile is never lost (the caller reads again).
 */
export const legacyQuotaRemovalWrite = (id: string, read: LegacyProfileQuota): TransactionWrite =>
  legacyQuotaRemoval(id, read);
