/**
 * The data access of the download quota a profile written before the Entitlement item still
 * carries (docs/data-model.md, section 3.28): its reads and its removal. The downloads domain
 * reaches them through legacy-quota.ts; within profiles, the owner's profile answer reads them
 * here (entitlement-read-repo.ts).
 */
import { ROLES } from '../../contract/profile';
import {
  LEGACY_QUOTA_FIELDS,
  LegacyProfileEntity,
  type LegacyProfileQuota,
} from '../shared/db/entities/profile';
import type { TransactionWrite } from '../shared/db/transaction';

export type { LegacyProfileQuota };

/** The fields as stored: only those the item has, or null when it has no quota fields at all. */
const quotaOf = (item: LegacyProfileQuota): LegacyProfileQuota | null => {
  const quota: Record<string, unknown> = {};
  for (const field of LEGACY_QUOTA_FIELDS) {
    if (item[field] !== undefined) quota[field] = item[field];
  }
  return Object.keys(quota).length > 0 ? (quota as LegacyProfileQuota) : null;
};

/** The profile's legacy quota fields (consistent read), null when it has none (or no profile). */
export const readLegacyQuota = async (id: string): Promise<LegacyProfileQuota | null> => {
  const { data } = await LegacyProfileEntity.get({ id }).go({
    consistent: true,
    attributes: ['id', ...LEGACY_QUOTA_FIELDS],
  });
  return data ? quotaOf(data) : null;
};

/** A profile that still carries quota fields, with what it carries and when it was created. */
export interface LegacyQuotaHolder {
  id: string;
  created_at: string;
  /** A beta account's TTL (epoch seconds), for its entitlement to expire with it. */
  expires_at?: number;
  quota: LegacyProfileQuota;
}

const PAGE = 100;

/**
 * EN9's reads: the profiles that still carry quota fields, a page at a time, role partition after
 * role partition (gsi2, as the user search's backfill reads them), the others filtered out.
 */
export async function* legacyQuotaHolderPages(): AsyncGenerator<LegacyQuotaHolder[]> {
  for (const role of ROLES) {
    let cursor: string | null = null;
    do {
      const page: { data: LegacyQuotaHolder['quota'][]; cursor: string | null } =
        await LegacyProfileEntity.query
          .byRole({ role })
          .where((attribute, op) =>
            LEGACY_QUOTA_FIELDS.map((field) => op.exists(attribute[field])).join(' OR '),
          )
          .go({
            limit: PAGE,
            cursor,
            attributes: ['id', 'created_at', 'expires_at', ...LEGACY_QUOTA_FIELDS],
          });
      type Read = LegacyProfileQuota & { id: string; created_at: string; expires_at?: number };
      const holders = (page.data as Read[])
        .map((item) => ({
          id: item.id,
          created_at: item.created_at,
          ...(item.expires_at !== undefined && { expires_at: item.expires_at }),
          quota: quotaOf(item),
        }))
        .filter((holder): holder is LegacyQuotaHolder => holder.quota !== null);
      if (holders.length > 0) yield holders;
      cursor = page.cursor;
    } while (cursor);
  }
}

/**
 * EN9's second item: the quota fields leave the profile, on the condition that each is still as
 * read (absent ones still absent), so a quota written meanwhile is never lost: the caller reads
 * again. The profile's `updated_at` is not touched: the person did not change.
 */
export const legacyQuotaRemoval = (id: string, read: LegacyProfileQuota): TransactionWrite =>
  LegacyProfileEntity.patch({ id })
    .remove(LEGACY_QUOTA_FIELDS.filter((field) => read[field] !== undefined))
    .where((attribute, op) =>
      LEGACY_QUOTA_FIELDS.map((field) =>
        read[field] === undefined
          ? op.notExists(attribute[field])
          : op.eq(attribute[field], read[field]),
      ).join(' AND '),
    );
