/**
 * One-off task: moves the Stripe fields of profiles written before the StripeCustomer and
 * ConnectAccount items into them (docs/data-model.md, sections 3.29 and 3.30), so the profile holds
 * only who the user is. `npm start`'s seed runs it on every start (a `.local/` with older
 * profiles); in the cloud run it once after the deploy that adds the items (docs/operations.md,
 * "Stripe customers and Connect accounts"): `npx tsx lambdas/billing/tasks/backfill-stripe-fields.ts`
 * with the billing function's environment. Until then billing and payouts read what the profile
 * carries, so nothing is lost in between. Idempotent: a profile whose fields are gone is not read
 * again.
 *
 * It lives in billing because billing sits above all three owners: the ledger lends the customer's
 * item, payouts the account's, profiles the removal of the fields. Per profile, one transaction:
 * each item created from the profile's fields (only while it is absent) and the fields removed from
 * the profile (only while each is as read). When a checkout or Connect onboarding created an item
 * first, the item wins and the profile's copy is only removed.
 */
import { pathToFileURL } from 'node:url';
import { logger } from '../../shared/observability';
import { RETRY, retry } from '../../shared/retry';
import { stripeCustomerCreateWrite } from '../../ledger/stripe-customer';
import { connectAccountCreateWrite } from '../../payouts/connect-account';
import {
  getLegacyStripe,
  legacyStripeRemovalWrite,
  profilesWithLegacyStripe,
  type LegacyProfileStripe,
  type LegacyStripeHolder,
} from '../../profiles/legacy-stripe';
import { commitWrites } from '../repo';

export interface BackfillStripeFieldsResult {
  /** Profiles that still carried Stripe fields. */
  profiles: number;
  /** StripeCustomer items created from them. */
  customers: number;
  /** ConnectAccount items created from them. */
  accounts: number;
  /** Profiles left for the next run (changed three times while being moved). */
  skipped: number;
}

const ATTEMPTS = 3;

/** A profile that kept changing while being moved: it is left for the next run. */
class LeftForNextRun extends Error {}

/** One profile moved: which items it created, or null when it was left for the next run. */
const moveOne = async (
  holder: LegacyStripeHolder,
): Promise<{ customer: boolean; account: boolean } | null> => {
  let fields: LegacyProfileStripe = holder.stripe;
  // An item found to exist already is not created again: the profile's copy is only removed.
  let customerExists = false;
  let accountExists = false;
  try {
    return await retry(
      async () => {
        const now = new Date().toISOString();
        const customerId = customerExists ? undefined : fields.stripe_customer_id;
        const accountId = accountExists ? undefined : fields.stripe_account_id;
        const result = await commitWrites({
          customer:
            customerId !== undefined && stripeCustomerCreateWrite(holder.id, customerId, now),
          account:
            accountId !== undefined &&
            connectAccountCreateWrite(holder.id, { ...fields, stripe_account_id: accountId }, now),
          profile: legacyStripeRemovalWrite(holder.id, fields),
        });
        if (!result.canceled) {
          return { customer: customerId !== undefined, account: accountId !== undefined };
        }
        if (result.failed('customer') === 'ConditionalCheckFailed') customerExists = true;
        if (result.failed('account') === 'ConditionalCheckFailed') accountExists = true;
        // The profile changed since it was read: read its fields again.
        if (result.failed('profile') === 'ConditionalCheckFailed') {
          const fresh = await getLegacyStripe(holder.id);
          // Fields gone meanwhile: another run moved them, nothing is left here.
          if (!fresh) return { customer: false, account: false };
          fields = fresh;
        }
        return RETRY;
      },
      // A lost condition goes on from the fresh read at once: nothing to wait for.
      { attempts: ATTEMPTS, baseDelayMs: 0, exhausted: () => new LeftForNextRun() },
    );
  } catch (error) {
    if (!(error instanceof LeftForNextRun)) throw error;
    logger.warn('Stripe fields backfill: profile left for the next run', { userId: holder.id });
    return null;
  }
};

export const backfillStripeFields = async (): Promise<BackfillStripeFieldsResult> => {
  const result: BackfillStripeFieldsResult = { profiles: 0, customers: 0, accounts: 0, skipped: 0 };
  for await (const page of profilesWithLegacyStripe()) {
    for (const holder of page) {
      result.profiles += 1;
      const moved = await moveOne(holder);
      if (!moved) {
        result.skipped += 1;
        continue;
      }
      if (moved.customer) result.customers += 1;
      if (moved.account) result.accounts += 1;
    }
  }
  logger.info('Stripe fields backfilled', { ...result });
  return result;
};

export const handler = (): Promise<BackfillStripeFieldsResult> => backfillStripeFields();

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { profiles, customers, accounts, skipped } = await backfillStripeFields();
  console.log(
    `Profiles with Stripe fields: ${profiles}; customers created: ${customers}; Connect accounts created: ${accounts}; left: ${skipped}.`,
  );
}
