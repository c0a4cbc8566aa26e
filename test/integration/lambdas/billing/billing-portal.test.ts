/**
 * "Manage billing" through the billing Lambda and the local Stripe server: the portal session is
 * of the caller's own customer only (none yet: a 409 that says so), its return address must be on
 * the site; and on the portal page, a new card pays a past-due renewal, whose signed events bring
 * the subscription back to active with a fresh quota.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  type BillingPortalResult,
  type CheckoutResult,
} from '../../../../contract/billing';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { SubscriptionView } from '../../../../contract/subscriptions';
import { jsonBody } from '../../../fixtures/api-event';
import {
  SITE_ORIGIN,
  billingStripe,
  callBilling,
  deliverNewEvents,
} from '../../../fixtures/billing';
import { entitlementOf, setEntitlement } from '../../../fixtures/profiles';

const { prices, control, client } = billingStripe();

const openPortal = (userId: string, returnUrl = `${SITE_ORIGIN}/dashboard`) =>
  callBilling('POST', '/api/billing/portal', userId, { return_url: returnUrl });

const subscribe = async (userId: string, seen: Set<string>) => {
  const started = await callBilling('POST', '/api/billing/checkout', userId, {
    mode: 'subscription',
    price_id: prices.basic,
    success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_ORIGIN}/pricing`,
  });
  const { session } = await control.completeCheckout(jsonBody<CheckoutResult>(started).session_id, {
    card: '4242424242424242',
  });
  await deliverNewEvents(session.customer as string, seen);
  return { customer: session.customer as string, subscriptionId: session.subscription as string };
};

describe('POST /api/billing/portal', () => {
  it('says there is nothing to manage before the first payment', async () => {
    const result = await openPortal(`buyer-${randomUUID()}`);
    expect(result.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(CHECKOUT_MESSAGES.noBillingAccount);
  });

  it('refuses a return address off the site', async () => {
    const result = await openPortal(`buyer-${randomUUID()}`, 'https://elsewhere.example/');
    expect(result.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(CHECKOUT_MESSAGES.redirectNotAllowed);
  });

  it('opens the portal of the caller’s own customer, where a new card pays a past-due renewal', async () => {
    const userId = `buyer-${randomUUID()}`;
    const seen = new Set<string>();
    const { customer, subscriptionId } = await subscribe(userId, seen);
    await control.advanceSubscription(subscriptionId, { fail: true });
    await deliverNewEvents(customer, seen);
    await setEntitlement(userId, { downloads_remaining: 1 });

    const opened = await openPortal(userId);
    expect(opened.statusCode, opened.body).toBe(200);
    const { url } = jsonBody<BillingPortalResult>(opened);
    const sessionId = url.split('/').pop()!;
    // Stripe's session names the caller's customer and the return address, nothing else.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Your last payment failed');
    expect(html).toContain('Invoice history');
    expect(html).toContain(`${userId}@example.com`);

    // A declined card changes nothing.
    const declined = await fetch(`${url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4000000000000002&cardExpiry=12%2F34&cardCvc=123&billingName=Buyer',
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await client.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');

    const updated = await fetch(`${url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242424242424242&cardExpiry=12%2F34&cardCvc=123&billingName=Buyer',
      redirect: 'manual',
    });
    expect(updated.status).toBe(303);
    expect(updated.headers.get('location')).toBe(`/p/session/${sessionId}?updated=paid`);
    const delivered = await deliverNewEvents(customer, seen);
    expect(delivered.map((event) => event.type)).toEqual(
      expect.arrayContaining(['customer.subscription.updated', 'invoice.paid']),
    );
    const view = jsonBody<SubscriptionView>(
      await callBilling('GET', '/api/subscriptions/current', userId),
    );
    expect(view).toMatchObject({ status: 'active', subscription_status: 'active' });
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 5,
      download_quota: 5,
    });
    const invoices = await client.invoices.list({ subscription: subscriptionId });
    expect(invoices.data.every((invoice) => invoice.status === 'paid')).toBe(true);
  });
});
