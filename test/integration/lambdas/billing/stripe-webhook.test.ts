/**
 * The webhook's guarantees: an event delivered three times has one effect;
 * an older `customer.subscription.updated` delivered after a newer one changes nothing; a bad or
 * missing signature is a 400 and writes nothing. Plus the other money events: a one-time purchase
 * (order and licence, owned once), a refund made in Stripe (`charge.refunded`, counted once), and
 * Connect's `account.updated` (newest wins). Each money event tells its buyer once (a receipt, the
 * licence, the refund), in the bell and by e-mail.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { deliverPendingEmails } from '../../../../lambdas/notifications/email-delivery';
import type { CheckoutResult, ConnectStatus } from '../../../../contract/billing';
import { CHECKOUT_MESSAGES, CONNECT_MESSAGES } from '../../../../contract/billing';
import type { ApiErrorBody } from '../../../../contract/errors';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { LicenseEntity } from '../../../../lambdas/shared/db/entities/license';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import { WebhookEventEntity } from '../../../../lambdas/shared/db/entities/webhook-event';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import {
  SITE_ORIGIN,
  billingStripe,
  callBilling,
  deliverEvent,
  deliverNewEvents,
  eventsOfCustomer,
} from '../../../fixtures/billing';
import { putProfile, setEntitlement, storedEntitlement } from '../../../fixtures/profiles';
import { storedConnectAccount } from '../../../fixtures/stripe-fields';
import { seedTemplate } from '../../../fixtures/template-items';

const { prices, control, client } = billingStripe();

/** The Express dashboard link is the payouts function's (payout settings). */
const loginLink = (userId: string) =>
  dispatch(
    apiEvent({
      method: 'POST',
      path: '/api/connect/login-link',
      claims: idTokenClaims({ sub: userId, email: `${userId}@example.com` }),
    }),
    lambdaContext('payouts'),
  );
const month = () => new Date().toISOString().slice(0, 7);

const counter = async (name: 'subscription_revenue' | 'refunds' | 'revenue', bucket: string) =>
  (await CounterEntity.get({ name, bucket, shard: 0 }).go({ consistent: true })).data?.value ?? 0;

/** A paid Pro subscription whose events are recorded in Stripe but not delivered yet. */
const paidSubscription = async (userId: string) => {
  const started = await callBilling('POST', '/api/billing/checkout', userId, {
    mode: 'subscription',
    price_id: prices.pro,
    success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_ORIGIN}/pricing`,
  });
  const { session_id } = jsonBody<CheckoutResult>(started);
  const { session } = await control.completeCheckout(session_id, { card: '4242424242424242' });
  return { customer: session.customer as string, subscriptionId: session.subscription as string };
};

/** The user's notifications of one type. */
const noticesOf = async (userId: string, type: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go()).data.filter(
    (item) => item.type === type,
  );

/** The subjects of every message aws-ses-v2-local holds for `email`. */
const subjectsFor = async (email: string): Promise<string[]> => {
  const response = await fetch(`${inject('localCloud').sesEndpoint}/store`);
  const { emails } = (await response.json()) as {
    emails: { destination: { to: string[] }; subject: string }[];
  };
  return emails.filter((mail) => mail.destination.to.includes(email)).map((mail) => mail.subject);
};

const ofType = (events: Stripe.Event[], type: string) => {
  const event = events.find((candidate) => candidate.type === type);
  if (!event) throw new Error(`No ${type} among ${events.map((e) => e.type).join(', ')}`);
  return event;
};

describe('signature', () => {
  it('answers 400 to a bad or missing signature and writes nothing', async () => {
    const userId = `buyer-${randomUUID()}`;
    const { customer } = await paidSubscription(userId);
    const invoicePaid = ofType(await eventsOfCustomer(customer), 'invoice.paid');

    const forged = await deliverEvent(invoicePaid, 'whsec_not_the_secret');
    expect(forged.statusCode).toBe(400);
    const unsigned = await callBilling('POST', '/api/webhooks/stripe', undefined, invoicePaid);
    expect(unsigned.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(unsigned).message).toBe('Invalid Stripe signature.');

    const claim = await WebhookEventEntity.get({
      provider: 'stripe',
      event_id: invoicePaid.id,
    }).go();
    expect(claim.data).toBeNull();
    expect((await OrderEntity.query.byUser({ user_id: userId }).go()).data).toEqual([]);
    // No quota was given: the user has no entitlement item, only the free plan's defaults.
    expect(await storedEntitlement(userId)).toBeNull();
  });
});

describe('idempotency and order', () => {
  it('applies an event delivered three times once', async () => {
    const userId = `buyer-${randomUUID()}`;
    const before = await counter('subscription_revenue', month());
    const { customer } = await paidSubscription(userId);
    const invoicePaid = ofType(await eventsOfCustomer(customer), 'invoice.paid');

    const answers = await Promise.all([1, 2, 3].map(() => deliverEvent(invoicePaid)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await OrderEntity.query.byUser({ user_id: userId }).go()).data).toHaveLength(1);
    expect(await counter('subscription_revenue', month())).toBe(before + 200);
    const [receipt, second] = await noticesOf(userId, 'payment_succeeded');
    expect(second).toBeUndefined();
    expect(receipt!.message).toMatch(/^We received your payment of £2\.00 for the Pro plan, for /);
    await setEntitlement(userId, { downloads_remaining: 3 });
    expect((await deliverEvent(invoicePaid)).statusCode).toBe(200);
    // The reset is not repeated by a fourth delivery either.
    expect((await storedEntitlement(userId))?.downloads_remaining).toBe(3);
  });

  it('lets no older customer.subscription.updated overwrite a newer one', async () => {
    const userId = `buyer-${randomUUID()}`;
    const { customer, subscriptionId } = await paidSubscription(userId);
    await deliverNewEvents(customer, new Set());
    // Two changes made in Stripe's dashboard: cancel at period end, then resume.
    await client.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await client.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    const updates = (await eventsOfCustomer(customer)).filter(
      (event) => event.type === 'customer.subscription.updated',
    );
    const [older, newer] = updates.slice(-2) as [Stripe.Event, Stripe.Event];
    // Stripe's clock ticks in seconds: make the first change visibly older, as it is.
    const olderEvent = { ...older, created: newer.created - 30 };

    expect((await deliverEvent(newer)).statusCode).toBe(200);
    const { data: afterNewer } = await SubscriptionEntity.query.byUser({ user_id: userId }).go();
    expect(afterNewer[0]).toMatchObject({
      cancel_at_period_end: false,
      last_event_created: newer.created,
    });

    expect((await deliverEvent(olderEvent)).statusCode).toBe(200);
    const { data: afterOlder } = await SubscriptionEntity.query.byUser({ user_id: userId }).go();
    expect(afterOlder).toEqual(afterNewer);
    // The late event is recorded as seen, so Stripe's retries stop.
    const claim = await WebhookEventEntity.get({ provider: 'stripe', event_id: older.id }).go();
    expect(claim.data?.event_type).toBe('customer.subscription.updated');
  });
});

describe('one-time purchase', () => {
  it('records the order and its licence once, and the template counts as owned', async () => {
    const sellerId = `seller-${randomUUID()}`;
    const buyerId = `buyer-${randomUUID()}`;
    await putProfile({ id: buyerId, display_name: 'Ada Buyer' });
    const template = await seedTemplate(sellerId, {
      access_tier: 'one_time_sale',
      price: 49.99,
      title: 'Invoice Kit',
    });
    const started = await callBilling('POST', '/api/billing/checkout', buyerId, {
      mode: 'payment',
      mvp_id: template.id,
      success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}&mvp_id=${template.id}`,
      cancel_url: `${SITE_ORIGIN}/mvp/${template.id}?canceled=true`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { session_id } = jsonBody<CheckoutResult>(started);
    const { session } = await control.completeCheckout(session_id, { card: '4242424242424242' });
    const events = await eventsOfCustomer(session.customer as string);
    const completed = ofType(events, 'checkout.session.completed');
    await Promise.all([deliverEvent(completed), deliverEvent(completed)]);

    const order = (await OrderEntity.get({ id: session_id }).go()).data;
    expect(order).toMatchObject({
      kind: 'one_time_sale',
      amount_total: 4999,
      seller_id: sellerId,
      mvp_id: template.id,
      status: 'completed',
    });
    const { data: licenses } = await LicenseEntity.query.byUser({ user_id: buyerId }).go();
    expect(licenses).toHaveLength(1);
    expect(licenses[0]).toMatchObject({
      source: 'order',
      order_id: session_id,
      mvp_id: template.id,
      licensee_name: 'Ada Buyer',
    });
    const [licence, second] = await noticesOf(buyerId, 'licence_issued');
    expect(second).toBeUndefined();
    expect(licence).toMatchObject({
      message: 'Thank you for buying "Invoice Kit" for £49.99. Your licence certificate is ready.',
      link: `/licenses/${licenses[0]!.id}`,
    });
    await deliverPendingEmails();
    expect(await subjectsFor(`${buyerId}@example.com`)).toEqual(['Your licence certificate']);
    const status = await callBilling('GET', `/api/billing/checkout/${session_id}`, buyerId);
    expect(jsonBody(status)).toMatchObject({ status: 'complete', mvp_id: template.id });

    const again = await callBilling('POST', '/api/billing/checkout', buyerId, {
      mode: 'payment',
      mvp_id: template.id,
      success_url: `${SITE_ORIGIN}/success`,
      cancel_url: `${SITE_ORIGIN}/mvps`,
    });
    expect(again.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(CHECKOUT_MESSAGES.alreadyOwned);
  });

  it('sells only one-time-sale templates', async () => {
    const template = await seedTemplate(`seller-${randomUUID()}`, { access_tier: 'subscription' });
    const answer = await callBilling('POST', '/api/billing/checkout', `buyer-${randomUUID()}`, {
      mode: 'payment',
      mvp_id: template.id,
      success_url: `${SITE_ORIGIN}/success`,
      cancel_url: `${SITE_ORIGIN}/mvps`,
    });
    expect(answer.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(answer).message).toBe(CHECKOUT_MESSAGES.notForSale);
  });

  it('refuses a seller buying their own template, before any session exists', async () => {
    const sellerId = `seller-${randomUUID()}`;
    await putProfile({ id: sellerId, role: 'seller', is_seller_approved: true });
    const template = await seedTemplate(sellerId, { access_tier: 'one_time_sale', price: 19 });
    const answer = await callBilling('POST', '/api/billing/checkout', sellerId, {
      mode: 'payment',
      mvp_id: template.id,
      success_url: `${SITE_ORIGIN}/success`,
      cancel_url: `${SITE_ORIGIN}/mvps`,
    });
    expect(answer.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(answer).message).toBe(CHECKOUT_MESSAGES.ownTemplate);
    expect((await OrderEntity.query.byUser({ user_id: sellerId }).go()).data).toEqual([]);
  });
});

describe('refunds made in Stripe', () => {
  it('counts charge.refunded once against the month’s pool', async () => {
    const userId = `buyer-${randomUUID()}`;
    const { customer } = await paidSubscription(userId);
    const seen = new Set<string>();
    await deliverNewEvents(customer, seen);
    const [order] = (await OrderEntity.query.byUser({ user_id: userId }).go()).data;
    const before = await counter('refunds', month());

    await client.refunds.create({ payment_intent: order!.payment_intent_id!, amount: 50 });
    const refunded = ofType(await eventsOfCustomer(customer, seen), 'charge.refunded');
    await deliverEvent(refunded);
    await deliverEvent(refunded);
    expect(await counter('refunds', month())).toBe(before + 50);
    expect((await OrderEntity.get({ id: order!.id }).go()).data!.amount_refunded).toBe(50);
    const notices = await noticesOf(userId, 'refund_processed');
    expect(notices.map((notice) => notice.message)).toEqual([
      'Your refund of £0.50 for your subscription has been processed.',
    ]);
  });
});

describe('failed renewals', () => {
  it('tells the buyer once that the renewal could not be charged', async () => {
    const userId = `buyer-${randomUUID()}`;
    const { customer, subscriptionId } = await paidSubscription(userId);
    const seen = new Set<string>();
    await deliverNewEvents(customer, seen);
    await control.advanceSubscription(subscriptionId, { fail: true });
    const failed = ofType(await eventsOfCustomer(customer, seen), 'invoice.payment_failed');
    await deliverEvent(failed);
    await deliverEvent(failed);
    const notices = await noticesOf(userId, 'payment_failed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toMatch(
      /^We could not take your payment of £2\.00 for your plan\./,
    );
  });
});

describe('Connect', () => {
  let sellerId: string;
  let accountId: string;

  beforeAll(async () => {
    sellerId = `seller-${randomUUID()}`;
    await putProfile({ id: sellerId, role: 'seller', is_seller_approved: true });
  });

  it('creates the account once, links to onboarding, and follows account.updated', async () => {
    const early = await loginLink(sellerId);
    expect(early.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(early).message).toBe(CONNECT_MESSAGES.notConnected);
    const first = await callBilling('POST', '/api/connect/account-link', sellerId);
    expect(first.statusCode, first.body).toBe(200);
    const { account_link_url } = jsonBody<{ account_link_url: string }>(first);
    expect(account_link_url).toContain('/connect/onboarding/');
    await callBilling('POST', '/api/connect/account-link', sellerId);
    accountId = (await storedConnectAccount(sellerId))!.stripe_account_id;
    expect(accountId).toMatch(/^acct_/);
    expect(
      jsonBody<ConnectStatus>(await callBilling('GET', '/api/connect', sellerId)),
    ).toMatchObject({ connected: true, payouts_enabled: false });
    // Stripe makes no dashboard link before onboarding: the seller is told to finish it.
    const unfinished = await loginLink(sellerId);
    expect(unfinished.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(unfinished).message).toBe(CONNECT_MESSAGES.onboardingUnfinished);

    await control.completeOnboarding(accountId);
    const [updated] = await control.events({ type: 'account.updated', object: accountId });
    expect((await deliverEvent(updated!)).statusCode).toBe(200);
    expect(jsonBody<ConnectStatus>(await callBilling('GET', '/api/connect', sellerId))).toEqual({
      connected: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    const login = await loginLink(sellerId);
    expect(login.statusCode, login.body).toBe(200);
    const { url } = jsonBody<{ url: string }>(login);
    expect(url).toContain(`/express/${accountId}`);
    expect(await (await fetch(url)).text()).toContain('Express dashboard');

    // An older account.updated (payouts not yet enabled) delivered late changes nothing.
    const stale = {
      ...updated!,
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      created: updated!.created - 60,
      data: { object: { ...(updated!.data.object as Stripe.Account), payouts_enabled: false } },
    } as Stripe.Event;
    expect((await deliverEvent(stale)).statusCode).toBe(200);
    expect(
      jsonBody<ConnectStatus>(await callBilling('GET', '/api/connect', sellerId)).payouts_enabled,
    ).toBe(true);
  });

  it('is for approved sellers only', async () => {
    const buyerId = `buyer-${randomUUID()}`;
    await putProfile({ id: buyerId });
    expect((await callBilling('POST', '/api/connect/account-link', buyerId)).statusCode).toBe(403);
    expect((await loginLink(buyerId)).statusCode).toBe(403);
  });
});
