/**
 * The data access of the Stripe fields a profile written before the StripeCustomer and
 * ConnectAccount items still carries (docs/data-model.md, sections 3.29 and 3.30): their reads and
 * their removal. Other domains reach them through legacy-stripe.ts.
 */
import {
  LEGACY_STRIPE_FIELDS,
  LegacyProfileEntity,
  type LegacyProfileStripe,
} from '../shared/db/entities/profile';
import type { TransactionWrite } from '../shared/db/transaction';
import {
  legacyFieldPages,
  legacyFieldsRemoval,
  readLegacyFields,
  storedFields,
} from './legacy-fields-repo';

export type { LegacyProfileStripe };

/** The fields as stored: only those the item has, or null when it has none of them. */
const stripeOf = (item: LegacyProfileStripe): LegacyProfileStripe | null =>
  storedFields<LegacyProfileStripe>(item, LEGACY_STRIPE_FIELDS);

/** The profile's legacy Stripe fields (consistent read), null when it has none (or no profile). */
export const readLegacyStripe = (id: string): Promise<LegacyProfileStripe | null> =>
  readLegacyFields<LegacyProfileStripe>(id, LEGACY_STRIPE_FIELDS);

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

/** The backfill's reads: the profiles that still carry Stripe fields, a page at a time. */
export async function* legacyStripeHolderPages(): AsyncGenerator<LegacyStripeHolder[]> {
  for await (const items of legacyFieldPages(LEGACY_STRIPE_FIELDS)) {
    const holders = items
      .map((item) => ({ id: item.id, stripe: stripeOf(item) }))
      .filter((holder): holder is LegacyStripeHolder => holder.stripe !== null);
    if (holders.length > 0) yield holders;
  }
}

/**
 * The backfill's profile item: the Stripe fields leave the profile, on the condition that each is
 * still as read (legacy-fields-repo.ts).
 */
export const legacyStripeRemoval = (id: string, read: LegacyProfileStripe): TransactionWrite =>
  legacyFieldsRemoval(id, LEGACY_STRIPE_FIELDS, read);
