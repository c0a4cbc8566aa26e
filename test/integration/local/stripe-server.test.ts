/**
 * The local Stripe server (lib/local/servers/stripe) through stripe-node, as the product uses it: Checkout
 * in both modes (control API and the hosted page), the test cards, idempotency keys, refund
 * limits, Connect accounts, links, onboarding and transfers, the test clock (renewal, a declined
 * renewal, cancel at period end), errors as stripe-node classes them, signed webhook delivery with
 * retries and the hold / reverse / duplicate modes, and state kept across a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStripe, type LocalStripe } from '../../../lib/local/servers/stripe/index';
import {
  localStripeClient,
  LocalStripeControlError,
  startTestStripe,
  startWebhookReceiver,
  TEST_STRIPE_KEYS,
  type WebhookReceiver,
} from '../../fixtures/stripe-control';

const SUCCESS_URL = 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://localhost:3000/pricing?canceled=true';
const nowSeconds = () => Math.floor(Date.now() / 1000);

let server: LocalStripe;
let stripe: Stripe;
/** Servers a test started for itself (webhook delivery), stopped after it. */
const extra: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  ({ server, stripe } = await startTestStripe());
});

afterEach(async () => {
  await Promise.all(extra.splice(0).map((handle) => handle.stop()));
});

afterAll(async () => {
  await server.stop();
});

const subscriptionSession = async (
  client: Stripe = stripe,
  price: string = server.prices.pro,
  email = 'buyer@example.com',
) => {
  const customer = await client.customers.create({ email, metadata: { user_id: 'user-1' } });
  const session = await client.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'user-1',
    line_items: [{ price, quantity: 1 }],
    subscription_data: { metadata: { user_id: 'user-1' } },
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
  });
  return { customer, session };
};

const paymentSession = (client: Stripe = stripe) =>
  client.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'gbp', unit_amount: 1500, product_data: { name: 'SaaS starter' } },
        quantity: 1,
      },
    ],
    metadata: { mvp_id: 'mvp-1' },
    payment_intent_data: { metadata: { mvp_id: 'mvp-1' } },
    success_url: SUCCESS_URL,
    cancel_url: 'http://localhost:3000/mvp/mvp-1',
  });

/** A paid Pro subscription (optionally started at `now`, epoch seconds). */
const paidSubscription = async (now?: number) => {
  const { customer, session } = await subscriptionSession();
  await server.control.completeCheckout(session.id, {
    card: '4242 4242 4242 4242',
    ...(now ? { now } : {}),
  });
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  return { customer, session: done, subscription: done.subscription as Stripe.Subscription };
};

const eventTypesOf = async (objectId: string) =>
  (await server.control.events({ object: objectId })).map((event) => event.type).reverse();

describe('Checkout', () => {
  it('completes a subscription session: an active subscription, a paid invoice, the events', async () => {
    const { customer, session } = await subscriptionSession();
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 200,
      currency: 'gbp',
      url: `${server.endpoint}/c/pay/${session.id}`,
    });
    const before = nowSeconds();
    const { redirect_url } = await server.control.completeCheckout(session.id, {
      card: '4242424242424242',
    });
    expect(redirect_url).toBe(`http://localhost:3000/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'line_items'],
    });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
    });
    expect(done.line_items!.data[0]).toMatchObject({ amount_total: 200, description: 'Pro' });
    const subscription = done.subscription as Stripe.Subscription;
    const [item] = subscription.items.data;
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { user_id: 'user-1' },
      cancel_at_period_end: false,
    });
    expect(item!.price.id).toBe(server.prices.pro);
    expect(item!.current_period_start).toBeGreaterThanOrEqual(before);
    const periodEnd = new Date(item!.current_period_start * 1000);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    expect(item!.current_period_end).toBe(periodEnd.getTime() / 1000);

    const invoice = await stripe.invoices.retrieve(done.invoice as string, {
      expand: ['payments'],
    });
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_paid: 200,
      customer: customer.id,
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect(invoice.lines.data[0]!.period).toEqual({
      start: item!.current_period_start,
      end: item!.current_period_end,
    });
    const payment = invoice.payments!.data[0]!;
    expect(payment).toMatchObject({ status: 'paid', amount_paid: 200 });
    const intent = await stripe.paymentIntents.retrieve(payment.payment.payment_intent as string, {
      expand: ['latest_charge'],
    });
    expect(intent).toMatchObject({ status: 'succeeded', amount: 200 });
    expect(intent.latest_charge).toMatchObject({ paid: true, amount: 200, amount_refunded: 0 });

    const retrieved = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['default_payment_method'],
    });
    const method = retrieved.default_payment_method as Stripe.PaymentMethod;
    expect([method.card!.brand, method.card!.last4]).toEqual(['visa', '4242']);
    const owner = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(owner.invoice_settings.default_payment_method).toBe(method.id);

    expect(await eventTypesOf(session.id)).toEqual(['checkout.session.completed']);
    expect(await eventTypesOf(subscription.id)).toEqual(['customer.subscription.created']);
    expect(await eventTypesOf(invoice.id)).toEqual(['invoice.paid', 'invoice.payment_succeeded']);
  });

  it('completes a payment session: a succeeded payment intent with the metadata asked for', async () => {
    const session = await paymentSession();
    const { session: done } = await server.control.completeCheckout(session.id, {
      card: '4242424242424242',
      email: 'guest@example.com',
    });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: null });
    const intent = await stripe.paymentIntents.retrieve(done.payment_intent as string);
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 1500,
      metadata: { mvp_id: 'mvp-1' },
    });
    const event = (await server.control.events({ object: session.id }))[0]!;
    expect(event.data.object).toMatchObject({
      metadata: { mvp_id: 'mvp-1' },
      payment_status: 'paid',
    });
  });

  it('declines 4000 0000 0000 0002 and refuses other numbers; the session stays open, nothing is emitted', async () => {
    const { session } = await subscriptionSession();
    const declined = server.control.completeCheckout(session.id, { card: '4000 0000 0000 0002' });
    await expect(declined).rejects.toMatchObject({
      status: 402,
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    await expect(
      server.control.completeCheckout(session.id, { card: '4111111111111111' }),
    ).rejects.toMatchObject({ status: 402, error: { message: 'Your card number is invalid.' } });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(await eventTypesOf(session.id)).toEqual([]);
  });

  it('serves the hosted Checkout page: summary, prefilled e-mail, errors, then a 303 to success_url', async () => {
    const { session } = await subscriptionSession(stripe, server.prices.basic, 'page@example.com');
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('£1.00');
    expect(page).toContain('value="page@example.com"');
    expect(page).toContain('<button type="submit">Subscribe</button>');
    expect(page).toContain(`href="${CANCEL_URL}"`);
    const submit = (number: string) =>
      fetch(session.url!, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email: 'page@example.com',
          cardNumber: number,
          cardExpiry: '12 / 34',
          cardCvc: '123',
          billingName: 'Page Buyer',
        }),
      });
    const declined = await submit('4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await (await submit('1234 5678 9012 3456')).text()).toContain(
      'Your card number is invalid.',
    );
    const paid = await submit('4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/success?session_id=${session.id}`,
    );
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');

    const payment = await paymentSession();
    expect(await (await fetch(payment.url!)).text()).toContain(
      '<button type="submit">Pay</button>',
    );
  });

  it('refuses unknown prices and customers as Stripe does', async () => {
    const create = (params: Stripe.Checkout.SessionCreateParams) =>
      stripe.checkout.sessions.create(params);
    await expect(
      create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: SUCCESS_URL,
      }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      param: 'line_items[0][price]',
    });
    await expect(
      create({
        mode: 'subscription',
        customer: 'cus_nope',
        line_items: [{ price: server.prices.pro }],
        success_url: SUCCESS_URL,
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
  });
});

describe('API errors, keys and idempotency', () => {
  it('answers unknown ids with 404 resource_missing and a wrong or missing key with 401', async () => {
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_nope'",
    });
    await expect(
      localStripeClient(server.endpoint, 'sk_test_wrong').customers.create(),
    ).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const anonymous = await fetch(`${server.endpoint}/v1/customers`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(
      /did not provide an API key/,
    );
  });

  it('replays a POST with the same Idempotency-Key, and refuses the key with other parameters', async () => {
    const first = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'customer-once' },
    );
    const again = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'customer-once' },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'customer-once' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('saves nothing for a request refused by validation, so the corrected retry with the key works', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      capabilities: { transfers: { requested: true } },
    });
    const params = { amount: 100, currency: 'gbp', destination: account.id };
    await expect(
      stripe.transfers.create(params, { idempotencyKey: 'payout-1' }),
    ).rejects.toMatchObject({
      code: 'insufficient_capabilities_for_transfer',
    });
    await server.control.completeOnboarding(account.id);
    const transfer = await stripe.transfers.create(params, { idempotencyKey: 'payout-1' });
    expect((await stripe.transfers.create(params, { idempotencyKey: 'payout-1' })).id).toBe(
      transfer.id,
    );
    expect(await eventTypesOf(transfer.id)).toEqual(['transfer.created']);
  });
});

describe('refunds', () => {
  it('refunds up to what is left on the charge and refuses more with Stripe’s errors', async () => {
    const session = await paymentSession();
    const { session: done } = await server.control.completeCheckout(session.id, {
      card: '4242424242424242',
    });
    const paymentIntent = done.payment_intent as string;
    const first = await stripe.refunds.create({
      payment_intent: paymentIntent,
      amount: 1000,
      metadata: { request: 'r1' },
    });
    expect(first).toMatchObject({
      status: 'succeeded',
      amount: 1000,
      payment_intent: paymentIntent,
      metadata: { request: 'r1' },
    });
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntent, amount: 501 }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
      param: 'amount',
    });
    const charge = (await stripe.paymentIntents.retrieve(paymentIntent)).latest_charge as string;
    const rest = await stripe.refunds.create({ charge });
    expect(rest.amount).toBe(500);
    expect(await stripe.charges.retrieve(charge)).toMatchObject({
      amount_refunded: 1500,
      refunded: true,
    });
    await expect(stripe.refunds.create({ charge, amount: 1 })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect((await stripe.refunds.retrieve(first.id)).amount).toBe(1000);
    const events = await server.control.events({ type: ['charge.refunded', 'refund.created'] });
    expect(
      events.filter(
        (event) =>
          event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).id === charge,
      ),
    ).toHaveLength(2);
  });
});

describe('disputes', () => {
  it('the test card 4000 0000 0000 0259 pays and its issuer opens a dispute; closing it loses it', async () => {
    const session = await paymentSession();
    const { session: done } = await server.control.completeCheckout(session.id, {
      card: '4000000000000259',
    });
    const charge = (await stripe.paymentIntents.retrieve(done.payment_intent as string))
      .latest_charge as string;
    expect((await stripe.charges.retrieve(charge)).disputed).toBe(true);
    const [dispute] = (await stripe.disputes.list({ charge })).data;
    expect(dispute).toMatchObject({
      object: 'dispute',
      charge,
      amount: 1500,
      status: 'needs_response',
      reason: 'fraudulent',
    });
    expect(await eventTypesOf(dispute!.id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
    ]);
    await expect(stripe.refunds.create({ charge })).rejects.toMatchObject({
      code: 'charge_disputed',
    });
    expect((await stripe.disputes.close(dispute!.id)).status).toBe('lost');
    await expect(stripe.disputes.close(dispute!.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
    expect((await stripe.disputes.retrieve(dispute!.id)).status).toBe('lost');
    expect((await eventTypesOf(dispute!.id)).at(-1)).toBe('charge.dispute.closed');
  });

  it('the control API opens a dispute on a charge and settles it won (funds reinstated)', async () => {
    const session = await paymentSession();
    const { session: done } = await server.control.completeCheckout(session.id, {
      card: '4242424242424242',
    });
    const charge = (await stripe.paymentIntents.retrieve(done.payment_intent as string))
      .latest_charge as string;
    const opened = await server.control.openDispute(charge, { reason: 'product_not_received' });
    await expect(server.control.openDispute(charge)).rejects.toMatchObject({ status: 400 });
    expect(opened).toMatchObject({ reason: 'product_not_received', status: 'needs_response' });
    const won = await server.control.settleDispute(opened.id, 'won');
    expect(won.status).toBe('won');
    await expect(server.control.settleDispute(opened.id, 'lost')).rejects.toMatchObject({
      status: 400,
    });
    expect(await eventTypesOf(opened.id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
  });
});

describe('Connect', () => {
  it('creates an account that cannot be paid, onboards it through the hosted page, then transfers', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'GB',
      email: 'seller@example.com',
      metadata: { user_id: 'seller-1' },
      capabilities: { transfers: { requested: true } },
    });
    expect(account).toMatchObject({
      payouts_enabled: false,
      charges_enabled: false,
      details_submitted: false,
    });
    await expect(
      stripe.transfers.create({ amount: 100, currency: 'gbp', destination: 'acct_nope' }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'destination' });
    await expect(
      stripe.transfers.create({ amount: 100, currency: 'gbp', destination: account.id }),
    ).rejects.toMatchObject({ code: 'insufficient_capabilities_for_transfer' });

    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://localhost:3000/connect-stripe?status=refresh',
      return_url: 'http://localhost:3000/payouts?status=success',
      type: 'account_onboarding',
    });
    const page = await (await fetch(link.url)).text();
    expect(page).toContain('value="seller@example.com"');
    expect(page).toContain('Complete onboarding');
    expect(page).toContain('href="http://localhost:3000/connect-stripe?status=refresh"');
    const completed = await fetch(link.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ businessName: 'Seller Ltd' }),
    });
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).toBe('http://localhost:3000/payouts?status=success');
    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      payouts_enabled: true,
      charges_enabled: true,
      details_submitted: true,
      capabilities: { transfers: 'active' },
    });
    expect(await eventTypesOf(account.id)).toEqual(['account.updated']);
    // A used link sends the browser to refresh_url, where the platform makes a new one.
    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe(
      'http://localhost:3000/connect-stripe?status=refresh',
    );

    const transfer = await stripe.transfers.create({
      amount: 350,
      currency: 'gbp',
      destination: account.id,
      transfer_group: 'payouts-2026-01',
      metadata: { payout_id: 'p-1' },
    });
    expect(transfer).toMatchObject({ amount: 350, destination: account.id, reversed: false });
    const second = await stripe.transfers.create({
      amount: 150,
      currency: 'gbp',
      destination: account.id,
      transfer_group: 'payouts-2026-01',
    });
    // One per page: stripe-node's auto-pagination follows has_more and starting_after.
    const listed: string[] = [];
    for await (const each of stripe.transfers.list({
      transfer_group: 'payouts-2026-01',
      limit: 1,
    })) {
      listed.push(each.id);
    }
    expect(listed).toEqual([second.id, transfer.id]);
    await server.control.reverseTransfer(transfer.id);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({
      reversed: true,
      amount_reversed: 350,
    });
    expect(await eventTypesOf(transfer.id)).toEqual(['transfer.created', 'transfer.reversed']);
  });
});

describe('the platform balance', () => {
  const onboardedAccount = async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'GB',
      capabilities: { transfers: { requested: true } },
    });
    await server.control.completeOnboarding(account.id);
    return account;
  };

  it('answers GET /v1/balance in Stripe’s shape, credited by charges and debited by transfers', async () => {
    await server.control.setAvailableBalance(1000);
    const opening = await stripe.balance.retrieve();
    expect(opening).toEqual({
      object: 'balance',
      available: [{ amount: 1000, currency: 'gbp', source_types: { card: 1000 } }],
      pending: [{ amount: 0, currency: 'gbp', source_types: { card: 0 } }],
      livemode: false,
    });

    const session = await paymentSession();
    await server.control.completeCheckout(session.id, { card: '4242 4242 4242 4242' });
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(2500);

    const account = await onboardedAccount();
    const transfer = await stripe.transfers.create({
      amount: 400,
      currency: 'gbp',
      destination: account.id,
    });
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(2100);
    await server.control.reverseTransfer(transfer.id);
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(2500);
  });

  it('refuses a transfer larger than the available balance as Stripe does, emitting nothing', async () => {
    const account = await onboardedAccount();
    await server.control.setAvailableBalance(300);
    const refused = await stripe.transfers
      .create({ amount: 301, currency: 'gbp', destination: account.id })
      .then(
        () => undefined,
        (error: unknown) => error as Stripe.errors.StripeError,
      );
    expect(refused).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'balance_insufficient',
    });
    expect(refused?.message).toMatch(
      /^You have insufficient available funds in your Stripe account/,
    );
    expect(await stripe.transfers.list({ destination: account.id })).toMatchObject({ data: [] });
    const paid = await stripe.transfers.create({
      amount: 300,
      currency: 'gbp',
      destination: account.id,
    });
    expect(paid.amount).toBe(300);
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(0);
  });

  it('emits transfer.updated when a transfer’s metadata or description changes, and only then', async () => {
    await server.control.setAvailableBalance(10_000);
    const account = await onboardedAccount();
    const transfer = await stripe.transfers.create({
      amount: 100,
      currency: 'gbp',
      destination: account.id,
      metadata: { payout_id: 'p-9' },
    });
    const updated = await stripe.transfers.update(transfer.id, {
      metadata: { note: 'checked' },
      description: 'July payout',
    });
    expect(updated).toMatchObject({
      description: 'July payout',
      metadata: { payout_id: 'p-9', note: 'checked' },
    });
    await stripe.transfers.update(transfer.id, { metadata: { note: 'checked' } });
    expect(await eventTypesOf(transfer.id)).toEqual(['transfer.created', 'transfer.updated']);
    const [event] = await server.control.events({ object: transfer.id, type: 'transfer.updated' });
    expect(event?.data.previous_attributes).toEqual({
      description: null,
      metadata: { payout_id: 'p-9' },
    });
  });
});

describe('subscriptions and the test clock', () => {
  it('renews at period end: a paid subscription_cycle invoice and the period moved', async () => {
    const { subscription } = await paidSubscription();
    const [item] = subscription.items.data;
    const renewed = await server.control.advanceSubscription(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(item!.current_period_end);
    const { data } = await stripe.invoices.list({ subscription: subscription.id });
    expect(
      data.map((invoice) => [invoice.billing_reason, invoice.status, invoice.amount_paid]),
    ).toEqual([
      ['subscription_cycle', 'paid', 200],
      ['subscription_create', 'paid', 200],
    ]);
    expect(data[0]!.lines.data[0]!.period.start).toBe(item!.current_period_end);
    expect(await eventTypesOf(subscription.id)).toEqual([
      'customer.subscription.created',
      'customer.subscription.updated',
    ]);
    expect(await eventTypesOf(data[0]!.id)).toEqual(['invoice.paid', 'invoice.payment_succeeded']);
  });

  it('a declined renewal leaves the invoice open and the subscription past_due', async () => {
    const { subscription } = await paidSubscription();
    const failed = await server.control.advanceSubscription(subscription.id, { fail: true });
    expect(failed.status).toBe('past_due');
    const invoice = await stripe.invoices.retrieve(failed.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'open',
      attempted: true,
      amount_paid: 0,
      amount_remaining: 200,
    });
    expect(await eventTypesOf(invoice.id)).toEqual(['invoice.payment_failed']);
  });

  it('cancels at period end when asked, and resumes when asked again', async () => {
    const { subscription } = await paidSubscription();
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const canceling = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(canceling).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      status: 'active',
    });
    const resumed = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const ended = await server.control.advanceSubscription(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect(await eventTypesOf(subscription.id)).toEqual([
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
  });

  it('starts a subscription last month and catches up to an explicit now', async () => {
    const started = nowSeconds() - 40 * 86_400;
    const { subscription } = await paidSubscription(started);
    expect(subscription.start_date).toBe(started);
    const caughtUp = await server.control.advanceSubscription(subscription.id, {
      now: nowSeconds(),
    });
    const [item] = caughtUp.items.data;
    expect(item!.current_period_start).toBeLessThanOrEqual(nowSeconds());
    expect(item!.current_period_end).toBeGreaterThan(nowSeconds());
    const { data } = await stripe.invoices.list({ subscription: subscription.id });
    expect(data.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_create',
    ]);
    expect(data[1]!.created).toBe(started);
  });

  it('changes the price with always_invoice: a proration invoice paid at once', async () => {
    const { subscription } = await paidSubscription();
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: server.prices.premium }],
      proration_behavior: 'always_invoice',
    });
    expect(updated.items.data[0]!.price.id).toBe(server.prices.premium);
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    // A whole period left: the Pro month credited, the Premium month charged.
    expect(invoice.amount_paid).toBeGreaterThan(95);
    expect(invoice.amount_paid).toBeLessThanOrEqual(100);
  });

  it('cancels at once', async () => {
    const { subscription } = await paidSubscription();
    expect(await stripe.subscriptions.cancel(subscription.id)).toMatchObject({
      status: 'canceled',
    });
    expect(await eventTypesOf(subscription.id)).toContain('customer.subscription.deleted');
  });
});

describe('webhook delivery', () => {
  /** A server of the test's own delivering to a fresh receiver. */
  const deliveringServer = async () => {
    const receiver: WebhookReceiver = await startWebhookReceiver();
    const own = await startTestStripe({ webhookUrl: receiver.url });
    extra.push(own.server, { stop: receiver.close });
    return { receiver, own: own.server, client: own.stripe };
  };

  it('signs every delivery so stripe.webhooks.constructEvent accepts it, and only with the secret', async () => {
    const { receiver, own, client } = await deliveringServer();
    const account = await client.accounts.create({ type: 'express' });
    await own.control.completeOnboarding(account.id);
    const [delivery] = await receiver.waitFor(1);
    const signature = delivery!.headers['stripe-signature'] as string;
    const event = client.webhooks.constructEvent(
      delivery!.body,
      signature,
      TEST_STRIPE_KEYS.webhookSecret,
    );
    expect(event).toMatchObject({ type: 'account.updated', object: 'event', livemode: false });
    expect(() => client.webhooks.constructEvent(delivery!.body, signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('retries a delivery answered 500 until it is accepted', async () => {
    const { receiver, own, client } = await deliveringServer();
    receiver.respond = (_delivery, index) => (index === 0 ? 500 : 200);
    const account = await client.accounts.create({ type: 'express' });
    await own.control.completeOnboarding(account.id);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.event.id).toBe(first!.event.id);
    expect(await own.control.waitForWebhooks()).toBe(true);
    expect(
      (await own.control.webhooks()).log.map((attempt) => [attempt.attempt, attempt.status]),
    ).toEqual([
      [1, 500],
      [2, 200],
    ]);
  });

  it('holds events until flushed, delivers them newest first in reverse mode, and N times in duplicate mode', async () => {
    const { receiver, own, client } = await deliveringServer();
    const onboard = async () => {
      const account = await client.accounts.create({ type: 'express' });
      await own.control.completeOnboarding(account.id);
      return account.id;
    };
    await own.control.setDelivery({ mode: 'hold' });
    const held = [await onboard(), await onboard()];
    await new Promise((done) => setTimeout(done, 100));
    expect(receiver.deliveries).toHaveLength(0);
    expect(await own.control.flushWebhooks()).toBe(2);
    await receiver.waitFor(2);
    expect(
      receiver.deliveries.map((delivery) => (delivery.event.data.object as Stripe.Account).id),
    ).toEqual(held);

    await own.control.setDelivery({ mode: 'reverse' });
    const reversed = [await onboard(), await onboard()];
    await own.control.flushWebhooks();
    await receiver.waitFor(4);
    expect(
      receiver.deliveries
        .slice(2)
        .map((delivery) => (delivery.event.data.object as Stripe.Account).id),
    ).toEqual([...reversed].reverse());

    await own.control.setDelivery({ mode: 'normal', duplicate: 3 });
    await onboard();
    const copies = await receiver.waitFor(7);
    expect(new Set(copies.slice(4).map((delivery) => delivery.event.id)).size).toBe(1);
  });

  it('resends an event on request, and queues events until a webhook URL is set', async () => {
    const receiver = await startWebhookReceiver();
    const { server: own, stripe: client } = await startTestStripe();
    extra.push(own, { stop: receiver.close });
    const account = await client.accounts.create({ type: 'express' });
    await own.control.completeOnboarding(account.id);
    expect(await own.control.waitForWebhooks(100)).toBe(false);
    own.setWebhookUrl(receiver.url);
    const [delivery] = await receiver.waitFor(1);
    await own.control.resendEvent(delivery!.event.id);
    expect((await receiver.waitFor(2))[1]!.event.id).toBe(delivery!.event.id);
    await expect(own.control.resendEvent('evt_nope')).rejects.toBeInstanceOf(
      LocalStripeControlError,
    );
  });
});

describe('the server itself', () => {
  it('keeps its state across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'local-stripe-'));
    try {
      const first = await startLocalStripe({ port: 0, dataDir, ...TEST_STRIPE_KEYS });
      const customer = await localStripeClient(first.endpoint).customers.create({
        email: 'kept@example.com',
      });
      await first.stop();
      const second = await startLocalStripe({ port: 0, dataDir, ...TEST_STRIPE_KEYS });
      extra.push(second);
      const again = (await localStripeClient(second.endpoint).customers.retrieve(
        customer.id,
      )) as Stripe.Customer;
      expect(again.email).toBe('kept@example.com');
      expect(second.prices).toEqual(first.prices);
    } finally {
      await Promise.all(extra.splice(0).map((handle) => handle.stop()));
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
