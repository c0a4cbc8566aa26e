/**
 * The Stripe fields a profile written before the StripeCustomer and ConnectAccount items still
 * carries (docs/data-model.md, sections 3.29 and 3.30), as billing and payouts ask for them. While a
 * user has no such item, these fields are what they have; the backfill
 * (lambdas/billing/tasks/backfill-stripe-fields.ts) moves them into the items and removes them from
 * the profile with the item lent here. Nothing else writes them. The reads and the removal are in
 * legacy-stripe-repo.ts, which another domain may not import.
 */
import type { TransactionWrite } from '../shared/db/transaction';
import {
  batchReadLegacyStripe,
  legacyStripeHolderPages,
  legacyStripeRemoval,
  readLegacyStripe,
  type LegacyProfileStripe,
  type LegacyStripeHolder,
} from './legacy-stripe-repo';

export type { LegacyProfileStripe, LegacyStripeHolder };

/** The profile's legacy Stripe fields (consistent read), null when it has none (or no profile). */
export const getLegacyStripe = (id: string): Promise<LegacyProfileStripe | null> =>
  readLegacyStripe(id);

/** {@link getLegacyStripe} for many profiles at once; those without any field are left out. */
export const getLegacyStripeOfMany = (
  ids: readonly string[],
): Promise<Map<string, LegacyProfileStripe>> => batchReadLegacyStripe(ids);

/** The backfill's reads: the profiles that still carry Stripe fields, a page at a time. */
export const profilesWithLegacyStripe = (): AsyncGenerator<LegacyStripeHolder[]> =>
  legacyStripeHolderPages();

/**
 * The backfill's profile item: the Stripe fields leave the profile, on the condition that each is
 * still as read, so nothing written meanwhile is lost (the caller reads again).
 */
export const legacyStripeRemovalWrite = (id: string, read: LegacyProfileStripe): TransactionWrite =>
  legacyStripeRemoval(id, read);
