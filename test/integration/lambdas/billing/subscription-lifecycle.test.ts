/**
 * A subscription's whole life through the billing Lambda, DynamoDB Local and the local Stripe
 * server, with Stripe's events delivered signed to the real webhook route: checkout → paid →
 * active with 15 downloads; the success page's status; the one-subscription rule; a plan switch
 * (prorated, the quota moved by the difference); a renewal resets the quota; cancel at period end,
 * resume, and the end of the period zeroes the quota; the daily repair.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { repairQuotas } from '../../../../lambdas/billing/quota-reset';
import type { CheckoutResult, CheckoutStatus } from '../../../../contract/billing';
import { CHECKOUT_MESSAGES } from '../../../../contract/billing';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { SubscriptionView } from '../../../../contract/subscriptions';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import { jsonBody } from '../../../fixtures/api-event';
import {
  SITE_ORIGIN,
  billingStripe,
  callBilling,
  deliverNewEvents,
} from '../../../fixtures/billing';
import { entitlementOf, setEntitlement } from '../../../fixtures/profiles';
import { storedStripeCustomer } from '../../../fixtures/stripe-fields';

const { prices, control, client } = billingStripe();

const subscribe = async (userId: string, priceId = prices.pro) => {
  const started = await callBilling('POST', '/api/billing/checkout', userId, {
    mode: 'subscription',
    price_id: priceId,
    success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_ORIGIN}/pricing?canceled=true`,
  });
  expect(started.statusCode, started.body).toBe(200);
  return jsonBody<CheckoutResult>(started);
};

const statusOf = async (userId: string, sessionId: string) =>
  jsonBody<CheckoutStatus>(await callBilling('GET', `/api/billing/checkout/${sessionId}`, userId));

const viewOf = async (userId: string) =>
  jsonBody<SubscriptionView>(await callBilling('GET', '/api/subscriptions/current', userId));

describe('a Pro subscription from checkout to its end', () => {
  const userId = `buyer-${randomUUID()}`;
  const seen = new Set<string>();
  let customer: string;
  let subscriptionId: string;
  let sessionId: string;

  beforeAll(async () => {
    const { session_id, url } = await subscribe(userId);
    sessionId = session_id;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/c\/pay\//);
  });

  it('is open until paid, processing until the webhook applied it, then complete with 15 downloads', async () => {
    expect((await statusOf(userId, sessionId)).status).toBe('open');
    const { session, redirect_url } = await control.completeCheckout(sessionId, {
      card: '4242424242424242',
    });
    expect(redirect_url).toBe(`${SITE_ORIGIN}/success?session_id=${sessionId}`);
    customer = session.customer as string;
    subscriptionId = session.subscription as string;
    expect((await statusOf(userId, sessionId)).status).toBe('processing');

    const delivered = await deliverNewEvents(customer, seen);
    expect(delivered.map((event) => event.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'invoice.paid']),
    );
    const status = await statusOf(userId, sessionId);
    expect(status).toMatchObject({
      status: 'complete',
      mode: 'subscription',
      plan_type: 'pro',
      downloads_remaining: 15,
      download_quota: 15,
    });
    expect(await viewOf(userId)).toMatchObject({
      price_id: prices.pro,
      plan_type: 'pro',
      subscription_status: 'active',
      cancel_at_period_end: false,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
    });
    // One customer, stored once; the paid invoice is an order with its payment.
    expect((await storedStripeCustomer(userId))?.stripe_customer_id).toBe(customer);
    const { data: orders } = await OrderEntity.query.byUser({ user_id: userId }).go();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      kind: 'subscription_invoice',
      amount_total: 200,
      stripe_subscription_id: subscriptionId,
      status: 'completed',
    });
    expect(orders[0]!.payment_intent_id).toMatch(/^pi_/);
  });

  it('refuses a second subscription and points to switching plan instead', async () => {
    const again = await callBilling('POST', '/api/billing/checkout', userId, {
      mode: 'subscription',
      price_id: prices.premium,
      success_url: `${SITE_ORIGIN}/success`,
      cancel_url: `${SITE_ORIGIN}/pricing`,
    });
    expect(again.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(CHECKOUT_MESSAGES.useChangePlan);
  });

  it('switches to Premium with proration and moves the quota by the difference', async () => {
    await setEntitlement(userId, { downloads_remaining: 10 });
    const switched = await callBilling('PATCH', '/api/subscriptions/current', userId, {
      price_id: prices.premium,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(jsonBody<SubscriptionView>(switched)).toMatchObject({
      plan_type: 'premium',
      price_id: prices.premium,
    });
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 30,
      download_quota: 35,
    });
    // The events of the change find nothing newer to do: the quota moves once.
    await deliverNewEvents(customer, seen);
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 30,
      download_quota: 35,
    });
    const prorations = (await client.invoices.list({ subscription: subscriptionId })).data.filter(
      (invoice) => invoice.billing_reason === 'subscription_update',
    );
    expect(prorations).toHaveLength(1);
  });

  it('resets the quota when the next period is paid', async () => {
    await setEntitlement(userId, { downloads_remaining: 2 });
    await control.advanceSubscription(subscriptionId);
    await deliverNewEvents(customer, seen);
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 35,
      download_quota: 35,
    });
    const { data: orders } = await OrderEntity.query.byUser({ user_id: userId }).go();
    expect(orders.filter((order) => order.kind === 'subscription_invoice').length).toBe(3);
  });

  it('cancels at period end, resumes, cancels again, and ends with no downloads left', async () => {
    const cancel = await callBilling('PATCH', '/api/subscriptions/current', userId, {
      cancel_at_period_end: true,
    });
    expect(jsonBody<SubscriptionView>(cancel)).toMatchObject({
      subscription_status: 'active',
      cancel_at_period_end: true,
    });
    const resume = await callBilling('PATCH', '/api/subscriptions/current', userId, {
      cancel_at_period_end: false,
    });
    expect(jsonBody<SubscriptionView>(resume).cancel_at_period_end).toBe(false);
    await callBilling('PATCH', '/api/subscriptions/current', userId, {
      cancel_at_period_end: true,
    });
    await deliverNewEvents(customer, seen);
    expect((await viewOf(userId)).cancel_at_period_end).toBe(true);

    await control.advanceSubscription(subscriptionId);
    const ended = await deliverNewEvents(customer, seen);
    expect(ended.map((event) => event.type)).toContain('customer.subscription.deleted');
    expect((await viewOf(userId)).subscription_status).toBe('inactive');
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 0,
      download_quota: 0,
    });
    const after = await callBilling('PATCH', '/api/subscriptions/current', userId, {
      cancel_at_period_end: false,
    });
    expect(after.statusCode).toBe(409);
  });

  it('counts the paid invoices as subscription revenue of their month', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const { data } = await CounterEntity.get({
      name: 'subscription_revenue',
      bucket: month,
      shard: 0,
    }).go();
    // Other files share the table only by name: each has its own table, so this is ours alone.
    expect(data?.value ?? 0).toBeGreaterThanOrEqual(200);
  });
});

describe('checkout refusals', () => {
  const userId = `buyer-${randomUUID()}`;

  it('refuses a price that is not a plan of ours', async () => {
    const answer = await callBilling('POST', '/api/billing/checkout', userId, {
      mode: 'subscription',
      price_id: 'price_someone_elses',
      success_url: `${SITE_ORIGIN}/success`,
      cancel_url: `${SITE_ORIGIN}/pricing`,
    });
    expect(answer.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(answer).message).toBe('Invalid plan selected');
  });

  it('refuses return addresses on another site', async () => {
    const answer = await callBilling('POST', '/api/billing/checkout', userId, {
      mode: 'subscription',
      price_id: prices.basic,
      success_url: 'https://evil.example/success',
      cancel_url: `${SITE_ORIGIN}/pricing`,
    });
    expect(answer.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(answer).message).toBe(CHECKOUT_MESSAGES.redirectNotAllowed);
  });

  it('does not show one user’s session to another', async () => {
    const { session_id } = await subscribe(userId, prices.basic);
    const other = await callBilling('GET', `/api/billing/checkout/${session_id}`, 'someone-else');
    expect(other.statusCode).toBe(404);
  });

  it('answers a declined card on Stripe’s page, and nothing is recorded', async () => {
    const declinedUser = `buyer-${randomUUID()}`;
    const { session_id } = await subscribe(declinedUser, prices.basic);
    await expect(
      control.completeCheckout(session_id, { card: '4000000000000002' }),
    ).rejects.toMatchObject({ error: { code: 'card_declined' } });
    expect((await statusOf(declinedUser, session_id)).status).toBe('open');
    expect((await viewOf(declinedUser)).subscription_status).toBe('inactive');
  });
});

describe('the daily quota repair', () => {
  it('resets a missed period, once', async () => {
    const userId = `buyer-${randomUUID()}`;
    const { session_id } = await subscribe(userId, prices.basic);
    const { session } = await control.completeCheckout(session_id, { card: '4242424242424242' });
    const seen = new Set<string>();
    await deliverNewEvents(session.customer as string, seen);
    // As if the reset of this period had been missed.
    await setEntitlement(userId, {
      downloads_remaining: 1,
      last_quota_reset_at: '2000-01-01T00:00:00.000Z',
    });
    const first = await repairQuotas();
    expect(first.reset).toBeGreaterThanOrEqual(1);
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 5,
      download_quota: 5,
    });
    await setEntitlement(userId, { downloads_remaining: 4 });
    await repairQuotas();
    expect((await entitlementOf(userId)).downloads_remaining).toBe(4);
  });

  it('zeroes the quota of a subscription that ended, unless another one is active', async () => {
    const paidUser = async () => {
      const userId = `buyer-${randomUUID()}`;
      const { session_id } = await subscribe(userId, prices.basic);
      const { session } = await control.completeCheckout(session_id, {
        card: '4242424242424242',
      });
      await deliverNewEvents(session.customer as string, new Set());
      const { data } = await SubscriptionEntity.query.byUser({ user_id: userId }).go();
      return { userId, subscription: data[0]! };
    };
    // As if the end had been recorded but its quota change lost.
    const ended = await paidUser();
    await SubscriptionEntity.patch({ user_id: ended.userId, id: ended.subscription.id })
      .set({ status: 'canceled' })
      .go();
    // Another user whose old subscription ended but who has an active one now.
    const renewed = await paidUser();
    await SubscriptionEntity.create({
      ...renewed.subscription,
      id: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
      stripe_subscription_id: 'sub_ended_before',
      status: 'canceled',
      created_at: '2024-06-01T00:00:00.000Z',
    }).go();

    const summary = await repairQuotas();
    expect(summary.zeroed).toBeGreaterThanOrEqual(1);
    expect(await entitlementOf(ended.userId)).toMatchObject({
      downloads_remaining: 0,
      download_quota: 0,
    });
    expect(await entitlementOf(renewed.userId)).toMatchObject({
      downloads_remaining: 5,
      download_quota: 5,
    });
  });
});
