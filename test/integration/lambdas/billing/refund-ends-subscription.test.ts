/**
 * Refunds of a subscription through the billing Lambda's webhook, DynamoDB Local and the local
 * Stripe server, with Stripe's events delivered signed: a partial refund keeps the plan; a refund
 * of the rest of the current period's invoice ends the subscription at once (cancelled in Stripe,
 * quota 0, the view says it ended), marks refunded the licences of the period's downloads (not an
 * earlier plan's), tells the buyer, and a replay of every event changes nothing.
 * Also: checkout refuses a second subscription while a renewal's payment has failed.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../../../contract/billing';
import { CHECKOUT_MESSAGES } from '../../../../contract/billing';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { SubscriptionView } from '../../../../contract/subscriptions';
import { ulid } from 'ulid';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { LicenseEntity, type LicenseItem } from '../../../../lambdas/shared/db/entities/license';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import { jsonBody } from '../../../fixtures/api-event';
import {
  SITE_ORIGIN,
  billingStripe,
  callBilling,
  deliverEvent,
  deliverNewEvents,
  eventsOfCustomer,
} from '../../../fixtures/billing';
import { entitlementOf, setEntitlement } from '../../../fixtures/profiles';

const { prices, control, client } = billingStripe();

const viewOf = async (userId: string) =>
  jsonBody<SubscriptionView>(await callBilling('GET', '/api/subscriptions/current', userId));

/** The buyer's refund notices (their payment receipts are another test's concern). */
const notificationsOf = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data.filter(
    (item) => item.type === 'refund_processed',
  );

const refundsThisMonth = async () =>
  (
    await CounterEntity.get({
      name: 'refunds',
      bucket: new Date().toISOString().slice(0, 7),
      shard: 0,
    }).go({ consistent: true })
  ).data?.value ?? 0;

const startCheckout = (userId: string, priceId = prices.pro) =>
  callBilling('POST', '/api/billing/checkout', userId, {
    mode: 'subscription',
    price_id: priceId,
    success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_ORIGIN}/pricing?canceled=true`,
  });

/** A paid Pro subscription, applied by the webhook: its customer, subscription and invoice. */
const subscribePro = async (userId: string, seen: Set<string>) => {
  const started = await startCheckout(userId);
  expect(started.statusCode, started.body).toBe(200);
  const { session } = await control.completeCheckout(jsonBody<CheckoutResult>(started).session_id, {
    card: '4242424242424242',
  });
  const customer = session.customer as string;
  await deliverNewEvents(customer, seen);
  const subscriptionId = session.subscription as string;
  const { data } = await client.invoices.list({ subscription: subscriptionId });
  const invoice = await client.invoices.retrieve(data[0]!.id, { expand: ['payments'] });
  const intent = invoice.payments!.data[0]!.payment.payment_intent!;
  return {
    customer,
    subscriptionId,
    invoiceId: invoice.id,
    paymentIntent: typeof intent === 'string' ? intent : intent.id,
  };
};

describe('a refund of the current period', () => {
  const userId = `buyer-${randomUUID()}`;
  const seen = new Set<string>();
  const periodLicenseId = ulid();
  const earlierLicenseId = ulid(Date.parse('2020-01-15T00:00:00.000Z'));
  const licenseUnderPlan = (id: string, issuedAt: string): LicenseItem => ({
    id,
    user_id: userId,
    licensee_name: 'Buyer',
    mvp_id: ulid(),
    mvp_title: 'Plan Kit',
    seller_id: 'seller-1',
    version_number: '1.0.0',
    licensing_terms: 'standard_commercial',
    source: 'subscription',
    plan_type: 'pro',
    issued_at: issuedAt,
  });
  let paid: Awaited<ReturnType<typeof subscribePro>>;

  it('keeps the plan after a partial refund, and tells the buyer', async () => {
    paid = await subscribePro(userId, seen);
    await setEntitlement(userId, { downloads_remaining: 14 });
    // What the plan paid for: a download this period; one from an earlier plan is not this one's.
    await Promise.all([
      LicenseEntity.create(licenseUnderPlan(periodLicenseId, new Date().toISOString())).go(),
      LicenseEntity.create(licenseUnderPlan(earlierLicenseId, '2020-01-15T00:00:00.000Z')).go(),
    ]);
    const refundsBefore = await refundsThisMonth();
    await client.refunds.create({ payment_intent: paid.paymentIntent, amount: 50 });
    await deliverNewEvents(paid.customer, seen);

    expect((await client.subscriptions.retrieve(paid.subscriptionId)).status).toBe('active');
    expect(await viewOf(userId)).toMatchObject({ subscription_status: 'active', status: 'active' });
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 14,
      download_quota: 15,
    });
    expect((await OrderEntity.get({ id: paid.invoiceId }).go()).data!.amount_refunded).toBe(50);
    expect((await refundsThisMonth()) - refundsBefore).toBe(50);
    expect((await notificationsOf(userId)).map((item) => [item.type, item.message])).toEqual([
      ['refund_processed', 'Your refund of £0.50 for your subscription has been processed.'],
    ]);
  });

  it('ends the subscription at once when the rest is refunded: cancelled in Stripe, quota 0', async () => {
    await client.refunds.create({ payment_intent: paid.paymentIntent });
    const delivered = await deliverNewEvents(paid.customer, seen);
    expect(delivered.map((event) => event.type)).toContain('charge.refunded');

    const subscription = await client.subscriptions.retrieve(paid.subscriptionId);
    expect(subscription.status).toBe('canceled');
    // Stripe's own event of the cancellation follows, and finds nothing more to do.
    const followUp = await deliverNewEvents(paid.customer, seen);
    expect(followUp.map((event) => event.type)).toContain('customer.subscription.deleted');
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 0,
      download_quota: 0,
    });
    expect(await viewOf(userId)).toMatchObject({
      plan_type: 'pro',
      subscription_status: 'inactive',
      status: 'canceled',
    });
    const messages = (await notificationsOf(userId)).map((item) => item.message);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toBe(
      'Your refund of £1.50 for your Pro plan has been processed. Your Pro plan has ended.',
    );
    // What the refunded period paid for is revoked (docs/product.md, Access to a template's files).
    const licence = async (id: string) => (await LicenseEntity.get({ id }).go()).data!;
    expect((await licence(periodLicenseId)).refunded_at).toEqual(expect.any(String));
    expect((await licence(earlierLicenseId)).refunded_at).toBeUndefined();
  });

  it('does nothing twice when every event is delivered again', async () => {
    const refundsBefore = await refundsThisMonth();
    for (const event of await eventsOfCustomer(paid.customer)) {
      const result = await deliverEvent(event);
      expect(result.statusCode).toBe(200);
    }
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 0,
      download_quota: 0,
    });
    expect(await notificationsOf(userId)).toHaveLength(2);
    expect(await refundsThisMonth()).toBe(refundsBefore);
    expect((await OrderEntity.get({ id: paid.invoiceId }).go()).data!.amount_refunded).toBe(200);
    expect((await client.subscriptions.retrieve(paid.subscriptionId)).status).toBe('canceled');
  });

  it('lets the buyer subscribe again once the plan has ended', async () => {
    const again = await startCheckout(userId);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a renewal whose payment failed', () => {
  it('is past due on the view, and checkout refuses a second subscription until the card is fixed', async () => {
    const userId = `buyer-${randomUUID()}`;
    const seen = new Set<string>();
    const paid = await subscribePro(userId, seen);
    await control.advanceSubscription(paid.subscriptionId, { fail: true });
    await deliverNewEvents(paid.customer, seen);

    expect(await viewOf(userId)).toMatchObject({ plan_type: 'pro', status: 'past_due' });
    const refused = await startCheckout(userId, prices.premium);
    expect(refused.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(CHECKOUT_MESSAGES.pastDue);
  });
});
