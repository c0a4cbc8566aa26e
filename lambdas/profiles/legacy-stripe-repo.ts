/**
 * The data access of the Stripe fields a profile written before the StripeCustomer and
 * ConnectAccount items still carries (docs/data-model.md, sections 3.29 and 3.30): their reads and
 * their removal. Other domains reach them through legacy-stripe.ts.
 */
import { ROLES } from '../../contract/profile';
import {
  LEGACY_STRIPE_FIELDS,
  LegacyProfileEntity,
  type LegacyProfileStripe,
} from '../shared/db/entities/profile';
import type { TransactionWrite } from '../shared/db/transaction';

export type { LegacyProfileStripe };

/** The fields as stored: only those the item has, or null when it has none of them. */
const stripeOf = (item: LegacyProfileStripe): LegacyProfileStripe | null => {
  const fields: Record<string, unknown> = {};
  for (const field of LEGACY_STRIPE_FIELDS) {
    if (item[field] !== undefined) fields[field] = item[field];
  }
  return Object.keys(fields).length > 0 ? (fields as LegacyProfileStripe) : null;
};

/** The profile's legacy Stripe fields (consistent read), null when it has none (or no profile). */
export const readLegacyStripe = async (id: string): Promise<LegacyProfileStripe | null> => {
  const { data } = await LegacyProfileEntity.get({ id }).go({
    consistent: true,
    attributes: ['id', ...LEGACY_STRIPE_FIELDS],
  });
  return data ? stripeOf(data) : null;
};

/** The legacy Stripe fields of many profiles, strongly consistent; those without any are left out. */
export const batchReadLegacyStripe = async (
  ids: readonly string[],
): Promise<Map<string, LegacyProfileStripe>> => {
  if (ids.length === 0) return new Map();
  const items = await LegacyProfileEntity.batchGetAll(
    ids.map((id) => ({ id })),
    { attributes: ['id', ...LEGACY_STRIPE_FIELDS], consistent: true },
  );
  const found = new Map<string, LegacyProfileStripe>();
  for (const item of items) {
    const fields = stripeOf(item);
    if (fields) found.set(item.id, fields);
  }
  return found;
};

/** A profile that still carries Stripe fields, with what it carries. */
export interface LegacyStripeHolder {
  id: string;
  stripe: LegacyProfileStripe;
}

const PAGE = 100;

/**
 * The backfill's reads: the profiles that still carry Stripe fields, a page at a time, role
 * partition after role partition (gsi2, as the entitlement's backfill reads them), the others
 * filtered out.
 */
export async function* legacyStripeHolderPages(): AsyncGenerator<LegacyStripeHolder[]> {
  for (const role of ROLES) {
    let cursor: string | null = null;
    do {
      const page: { data: (LegacyProfileStripe & { id: string })[]; cursor: string | null } =
        await LegacyProfileEntity.query
          .byRole({ role })
          .where((attribute, op) =>
            LEGACY_STRIPE_FIELDS.map((field) => op.exists(attribute[field])).join(' OR '),
          )
          .go({ limit: PAGE, cursor, attributes: ['id', ...LEGACY_STRIPE_FIELDS] });
      const holders = page.data
        .map((item) => ({ id: item.id, stripe: stripeOf(item) }))
        .filter((holder): holder is LegacyStripeHolder => holder.stripe !== null);
      if (holders.length > 0) yield holders;
      cursor = page.cursor;
    } while (cursor);
  }
}

/**
 * The backfill's profile item: the Stripe fields leave the profile, on the condition that each is
 * still as read (absent ones still absent), so nothing written meanwhile is lost: the caller reads
 * again. The profile's `updated_at` is not touched: the person did not change.
 */
export const legacyStripeRemoval = (id: string, read: LegacyProfileStripe): TransactionWrite =>
  LegacyProfileEntity.patch({ id })
    .remove(LEGACY_STRIPE_FIELDS.filter((field) => read[field] !== undefined))
    .where((attribute, op) =>
      LEGACY_STRIPE_FIELDS.map((field) =>
        read[field] === undefined
          ? op.notExists(attribute[field])
          : op.eq(attribute[field], read[field]),
      ).join(' AND '),
    );
