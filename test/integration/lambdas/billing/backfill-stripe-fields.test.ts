/**
 * The Stripe fields backfill (lambdas/billing/tasks/backfill-stripe-fields.ts, docs/data-model.md
 * sections 3.29 and 3.30): profiles in their old shape (the Stripe customer and Connect account on
 * the profile) get their StripeCustomer and ConnectAccount items from those fields and lose the
 * fields, their `updated_at` unchanged; an item a checkout or onboarding created meanwhile wins
 * (the profile's copy is only removed); a second run finds nothing; the removal holds only while
 * the fields are as read.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConnectStatus } from '../../../../contract/billing';
import { backfillStripeFields } from '../../../../lambdas/billing/tasks/backfill-stripe-fields';
import { legacyStripeRemovalWrite } from '../../../../lambdas/profiles/legacy-stripe';
import {
  LEGACY_STRIPE_FIELDS,
  LegacyProfileEntity,
} from '../../../../lambdas/shared/db/entities/profile';
import { transactWrite } from '../../../../lambdas/shared/db/transaction';
import { jsonBody } from '../../../fixtures/api-event';
import { callBilling } from '../../../fixtures/billing';
import { setConnectAccount } from '../../../fixtures/payouts';
import { putLegacyProfile, putProfile } from '../../../fixtures/profiles';
import {
  putStripeCustomer,
  storedConnectAccount,
  storedStripeCustomer,
} from '../../../fixtures/stripe-fields';

const legacyProfile = async (id: string) =>
  (await LegacyProfileEntity.get({ id }).go({ consistent: true })).data!;

const connectStatus = async (userId: string) =>
  jsonBody<ConnectStatus>(await callBilling('GET', '/api/connect', userId));

describe('the Stripe fields backfill', () => {
  it('moves old-shaped profiles into their items once, and a second run finds nothing', async () => {
    const seller = `seller-${randomUUID()}`;
    const buyer = `buyer-${randomUUID()}`;
    const raced = `seller-${randomUUID()}`;
    const current = `buyer-${randomUUID()}`;
    await putLegacyProfile(
      { id: seller, role: 'both', is_seller_approved: true },
      {
        stripe_customer_id: 'cus_seller_old',
        stripe_account_id: 'acct_seller_old',
        stripe_payouts_enabled: true,
        stripe_details_submitted: true,
        stripe_account_event_created: 1_900_000_000,
      },
    );
    await putLegacyProfile({ id: buyer }, { stripe_customer_id: 'cus_buyer_old' });
    // Since the deploy, a checkout and an onboarding stored this one's items already.
    await putLegacyProfile(
      { id: raced, role: 'seller', is_seller_approved: true },
      { stripe_customer_id: 'cus_raced_profile', stripe_account_id: 'acct_raced_profile' },
    );
    await putStripeCustomer(raced, 'cus_raced_item');
    await setConnectAccount(raced, 'acct_raced_item', false);
    const racedItems = [await storedStripeCustomer(raced), await storedConnectAccount(raced)];
    // Already in the new shape: nothing to do.
    await putProfile({ id: current });
    await putStripeCustomer(current, 'cus_current');

    const before = await Promise.all(
      [seller, buyer, raced].map(async (id) => (await legacyProfile(id)).updated_at),
    );
    const statusBefore = await connectStatus(seller);

    expect(await backfillStripeFields()).toEqual({
      profiles: 3,
      customers: 2,
      accounts: 1,
      skipped: 0,
    });

    expect(await storedStripeCustomer(seller)).toMatchObject({
      user_id: seller,
      stripe_customer_id: 'cus_seller_old',
    });
    expect(await storedConnectAccount(seller)).toMatchObject({
      user_id: seller,
      stripe_account_id: 'acct_seller_old',
      stripe_payouts_enabled: true,
      stripe_details_submitted: true,
      stripe_account_event_created: 1_900_000_000,
    });
    expect(await storedStripeCustomer(buyer)).toMatchObject({
      stripe_customer_id: 'cus_buyer_old',
    });
    // A buyer who never connected an account gets none.
    expect(await storedConnectAccount(buyer)).toBeNull();
    // The items stored since the deploy win over the profile's stale fields.
    expect([await storedStripeCustomer(raced), await storedConnectAccount(raced)]).toEqual(
      racedItems,
    );
    expect(await storedStripeCustomer(current)).toMatchObject({
      stripe_customer_id: 'cus_current',
    });
    expect(await storedConnectAccount(current)).toBeNull();

    for (const [index, id] of [seller, buyer, raced].entries()) {
      const profile = await legacyProfile(id);
      for (const field of LEGACY_STRIPE_FIELDS) expect(profile[field], field).toBeUndefined();
      // The person did not change: the profile's own time stays.
      expect(profile.updated_at).toBe(before[index]);
    }
    // The seller's answer is the same, now read from the item.
    expect(await connectStatus(seller)).toEqual(statusBefore);

    expect(await backfillStripeFields()).toEqual({
      profiles: 0,
      customers: 0,
      accounts: 0,
      skipped: 0,
    });
  });

  it('removes the fields only while they are as read, so a change meanwhile is never lost', async () => {
    const id = `seller-${randomUUID()}`;
    await putLegacyProfile(
      { id, role: 'seller', is_seller_approved: true },
      { stripe_account_id: 'acct_changing', stripe_payouts_enabled: false },
    );
    const staleRead = { stripe_account_id: 'acct_changing', stripe_payouts_enabled: false };
    // Written by the code of before the deploy, after the backfill read the profile.
    await LegacyProfileEntity.patch({ id })
      .set({ stripe_payouts_enabled: true, stripe_details_submitted: true })
      .go();

    const refused = await transactWrite({ profile: legacyStripeRemovalWrite(id, staleRead) });
    expect(refused.failed('profile')).toBe('ConditionalCheckFailed');
    expect(await legacyProfile(id)).toMatchObject({
      stripe_account_id: 'acct_changing',
      stripe_payouts_enabled: true,
    });

    // The run reads the fields as they are now and moves those.
    expect(await backfillStripeFields()).toMatchObject({ profiles: 1, accounts: 1, customers: 0 });
    expect(await storedConnectAccount(id)).toMatchObject({
      stripe_account_id: 'acct_changing',
      stripe_payouts_enabled: true,
      stripe_details_submitted: true,
    });
    expect((await legacyProfile(id)).stripe_account_id).toBeUndefined();
  });
});
