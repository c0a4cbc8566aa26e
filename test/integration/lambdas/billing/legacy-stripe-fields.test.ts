/**
 * A user whose profile was written before the StripeCustomer and ConnectAccount items (the Stripe
 * fields still on the profile, no items; docs/data-model.md, sections 3.29 and 3.30) keeps working
 * between the deploy and the backfill: the billing portal opens their customer, a second checkout
 * makes no new customer, their Connect status is the profile's, the payout run sees their account,
 * and an `account.updated` gives them the ConnectAccount item (only for their own account, and only
 * when newer than what the profile holds).
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type {
  BillingPortalResult,
  CheckoutResult,
  ConnectStatus,
} from '../../../../contract/billing';
import { connectAccountsOf } from '../../../../lambdas/payouts/connect-account';
import { jsonBody } from '../../../fixtures/api-event';
import { SITE_ORIGIN, billingStripe, callBilling, deliverEvent } from '../../../fixtures/billing';
import { putLegacyProfile } from '../../../fixtures/profiles';
import { storedConnectAccount, storedStripeCustomer } from '../../../fixtures/stripe-fields';

const { prices, client } = billingStripe();

/** An `account.updated` for `accountId` of `userId`, created at `created` (seconds). */
const accountUpdated = (
  userId: string,
  accountId: string,
  created: number,
  payoutsEnabled: boolean,
): Stripe.Event =>
  ({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'account.updated',
    created,
    livemode: false,
    api_version: null,
    pending_webhooks: 0,
    request: null,
    data: {
      object: {
        id: accountId,
        object: 'account',
        metadata: { user_id: userId },
        payouts_enabled: payoutsEnabled,
        details_submitted: true,
      },
    },
  }) as unknown as Stripe.Event;

describe('a profile still carrying its Stripe fields', () => {
  it('opens the billing portal and checks out with the customer on the profile, making no new one', async () => {
    const userId = `buyer-${randomUUID()}`;
    const customer = await client.customers.create({ email: `${userId}@example.com` });
    await putLegacyProfile({ id: userId }, { stripe_customer_id: customer.id });

    const portal = await callBilling('POST', '/api/billing/portal', userId, {
      return_url: `${SITE_ORIGIN}/dashboard`,
    });
    expect(portal.statusCode, portal.body).toBe(200);
    // The portal's page is of that customer: it shows the customer's address.
    const page = await fetch(jsonBody<BillingPortalResult>(portal).url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${userId}@example.com`);

    const checkout = await callBilling('POST', '/api/billing/checkout', userId, {
      mode: 'subscription',
      price_id: prices.pro,
      success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_ORIGIN}/pricing`,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = await client.checkout.sessions.retrieve(
      jsonBody<CheckoutResult>(checkout).session_id,
    );
    expect(session.customer).toBe(customer.id);
    // Nothing new was stored: the profile's customer is still the one, until the backfill.
    expect(await storedStripeCustomer(userId)).toBeNull();
  });

  it("answers the Connect status and the payout run's read from the profile", async () => {
    const sellerId = `seller-${randomUUID()}`;
    const pending = `seller-${randomUUID()}`;
    await putLegacyProfile(
      { id: sellerId, role: 'seller', is_seller_approved: true },
      {
        stripe_account_id: 'acct_legacy_ready',
        stripe_payouts_enabled: true,
        stripe_details_submitted: true,
      },
    );
    await putLegacyProfile(
      { id: pending, role: 'seller', is_seller_approved: true },
      { stripe_account_id: 'acct_legacy_pending' },
    );

    expect(jsonBody<ConnectStatus>(await callBilling('GET', '/api/connect', sellerId))).toEqual({
      connected: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    expect(jsonBody<ConnectStatus>(await callBilling('GET', '/api/connect', pending))).toEqual({
      connected: true,
      payouts_enabled: false,
      details_submitted: false,
    });
    const accounts = await connectAccountsOf([sellerId, pending, `nobody-${randomUUID()}`]);
    expect([...accounts.values()]).toEqual([
      { accountId: 'acct_legacy_ready', payoutsEnabled: true, detailsSubmitted: true },
      { accountId: 'acct_legacy_pending', payoutsEnabled: false, detailsSubmitted: false },
      { accountId: null, payoutsEnabled: false, detailsSubmitted: false },
    ]);
  });

  it('gets its ConnectAccount item from a newer account.updated of its own account only', async () => {
    const sellerId = `seller-${randomUUID()}`;
    await putLegacyProfile(
      { id: sellerId, role: 'seller', is_seller_approved: true },
      {
        stripe_account_id: 'acct_legacy_onboarding',
        stripe_payouts_enabled: false,
        stripe_details_submitted: false,
        stripe_account_event_created: 1_900_000_100,
      },
    );

    // Another account, and an event older than what the profile holds: nothing changes.
    const foreign = accountUpdated(sellerId, 'acct_someone_else', 1_900_000_200, true);
    expect((await deliverEvent(foreign)).statusCode).toBe(200);
    const stale = accountUpdated(sellerId, 'acct_legacy_onboarding', 1_900_000_050, true);
    expect((await deliverEvent(stale)).statusCode).toBe(200);
    expect(await storedConnectAccount(sellerId)).toBeNull();

    const fresh = accountUpdated(sellerId, 'acct_legacy_onboarding', 1_900_000_200, true);
    expect((await deliverEvent(fresh)).statusCode).toBe(200);
    expect(await storedConnectAccount(sellerId)).toMatchObject({
      user_id: sellerId,
      stripe_account_id: 'acct_legacy_onboarding',
      stripe_payouts_enabled: true,
      stripe_details_submitted: true,
      stripe_account_event_created: 1_900_000_200,
    });
    expect(jsonBody<ConnectStatus>(await callBilling('GET', '/api/connect', sellerId))).toEqual({
      connected: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    // From now on the item's own order holds: an older event changes nothing.
    const late = accountUpdated(sellerId, 'acct_legacy_onboarding', 1_900_000_150, false);
    expect((await deliverEvent(late)).statusCode).toBe(200);
    expect((await storedConnectAccount(sellerId))?.stripe_payouts_enabled).toBe(true);
  });
});
