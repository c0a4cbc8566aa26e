/**
 * The data access the profile's legacy fields share, whichever set: the download quota
 * (legacy-quota-repo.ts) and the Stripe fields (legacy-stripe-repo.ts), which a profile written
 * before the Entitlement, StripeCustomer and ConnectAccount items may still carry
 * (docs/data-model.md, sections 3.28 to 3.30). Each set is read as stored, scanned for its
 * backfill and removed on the condition that it is still as read.
 */
import { ROLES } from '../../contract/profile';
import {
  LEGACY_QUOTA_FIELDS,
  LEGACY_STRIPE_FIELDS,
  LegacyProfileEntity,
  type LegacyProfileItem,
} from '../shared/db/entities/profile';
import type { TransactionWrite } from '../shared/db/transaction';

/** A field of one of the legacy sets. */
export type LegacyField =
  (typeof LEGACY_QUOTA_FIELDS)[number] | (typeof LEGACY_STRIPE_FIELDS)[number];

type Stored = Partial<Record<LegacyField, unknown>>;

/** The set's fields as stored: only those the item has, or null when it has none of them. */
export const storedFields = <T extends Stored>(
  item: Stored,
  fields: readonly LegacyField[],
): T | null => {
  const stored: Stored = {};
  for (const field of fields) {
    if (item[field] !== undefined) stored[field] = item[field];
  }
  return Object.keys(stored).length > 0 ? (stored as T) : null;
};

/** The profile's fields of the set (consistent read), null when it has none (or no profile). */
export const readLegacyFields = async <T extends Stored>(
  id: string,
  fields: readonly LegacyField[],
): Promise<T | null> => {
  const { data } = await LegacyProfileEntity.get({ id }).go({
    consistent: true,
    attributes: ['id', ...fields],
  });
  return data ? storedFields<T>(data, fields) : null;
};

const PAGE = 100;

/**
 * A backfill's reads: the profiles that still carry any field of the set, a page at a time, role
 * partition after role partition (gsi2), the others filtered out; each item with the set's fields
 * and `also`.
 */
export async function* legacyFieldPages(
  fields: readonly LegacyField[],
  also: readonly (keyof LegacyProfileItem)[] = [],
): AsyncGenerator<LegacyProfileItem[]> {
  for (const role of ROLES) {
    let cursor: string | null = null;
    do {
      const page: { data: LegacyProfileItem[]; cursor: string | null } =
        await LegacyProfileEntity.query
          .byRole({ role })
          .where((attribute, op) => fields.map((field) => op.exists(attribute[field])).join(' OR '))
          .go({ limit: PAGE, cursor, attributes: ['id', ...also, ...fields] });
      if (page.data.length > 0) yield page.data;
      cursor = page.cursor;
    } while (cursor);
  }
}

/**
 * A backfill's profile item: the set's fields leave the profile, on the condition that each is
 * still as read (absent ones still absent), so nothing written meanwhile is lost: the caller reads
 * again. The profile's `updated_at` is not touched: the person did not change.
 */
export const legacyFieldsRemoval = (
  id: string,
  fields: readonly LegacyField[],
  read: Stored,
): TransactionWrite =>
  LegacyProfileEntity.patch({ id })
    .remove(fields.filter((field) => read[field] !== undefined))
    .where((attribute, op) =>
      fields
        .map((field) =>
          read[field] === undefined
            ? op.notExists(attribute[field])
            : op.eq(attribute[field], read[field]),
        )
        .join(' AND '),
    );
