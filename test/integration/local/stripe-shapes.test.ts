/**
 * The local Stripe server against stripe-node's own types ("a test checks each
 * local server's responses against the client library's own types for every endpoint we call, so
 * they cannot drift silently"). Every endpoint the product uses is called through stripe-node and
 * every object it returns (and every event the server emits) is checked against the interface
 * node_modules/stripe declares, read with the TypeScript compiler: required properties present,
 * no undeclared ones, each value of its declared kind (test/fixtures/stripe-type-shapes.ts).
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStripe } from '../../../lib/local/servers/stripe/index';
import { startTestStripe } from '../../fixtures/stripe-control';
import {
  formatShapeProblems,
  loadStripeShapes,
  type StripeShapes,
} from '../../fixtures/stripe-type-shapes';

const TYPES = [
  'Account',
  'AccountLink',
  'Balance',
  'BillingPortal.Session',
  'Charge',
  'Checkout.Session',
  'Customer',
  'Dispute',
  'Event',
  'Invoice',
  'InvoicePayment',
  'LoginLink',
  'LineItem',
  'PaymentIntent',
  'PaymentMethod',
  'Price',
  'Product',
  'Refund',
  'Subscription',
  'Transfer',
  'Stripe.ApiList<Stripe.Dispute>',
  'Stripe.ApiList<Stripe.Invoice>',
  'Stripe.ApiList<Stripe.LineItem>',
  'Stripe.ApiList<Stripe.Transfer>',
] as const;

type TypeName = (typeof TYPES)[number];

let shapes: StripeShapes;
let server: LocalStripe;
let stripe: Stripe;

/** Fails with one line per problem: where, what stripe-node declares, what the server sent. */
const expectShape = (type: TypeName, value: unknown, label: string) => {
  const problems = shapes.check(type, value, label);
  expect(formatShapeProblems(problems), `${label} against Stripe.${type}`).toBe('');
};

beforeAll(async () => {
  // Reading stripe-node's declarations takes a few seconds; the server starts meanwhile.
  [{ server, stripe }, shapes] = await Promise.all([
    startTestStripe(),
    Promise.resolve().then(() => loadStripeShapes(TYPES)),
  ]);
});

afterAll(async () => {
  await server?.stop();
});

const newCustomer = () => stripe.customers.create({ email: 'buyer@example.com', name: 'Buyer' });

const paidSubscription = async () => {
  const customer = await newCustomer();
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'user-1',
    line_items: [{ price: server.prices.pro, quantity: 1 }],
    subscription_data: { metadata: { user_id: 'user-1' } },
    success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/pricing?canceled=true',
  });
  await server.control.completeCheckout(session.id, { card: '4242424242424242' });
  const completed = await stripe.checkout.sessions.retrieve(session.id, {
    expand: ['subscription'],
  });
  return {
    customer,
    session,
    completed,
    subscription: completed.subscription as Stripe.Subscription,
  };
};

describe('the local Stripe server answers in the shapes stripe-node declares', () => {
  it('customers: create, retrieve, update', async () => {
    const created = await newCustomer();
    expectShape('Customer', created, 'customers.create');
    expectShape('Customer', await stripe.customers.retrieve(created.id), 'customers.retrieve');
    const updated = await stripe.customers.update(created.id, { metadata: { user_id: 'u' } });
    expectShape('Customer', updated, 'customers.update');
  });

  it('balance: retrieve', async () => {
    expectShape('Balance', await stripe.balance.retrieve(), 'balance.retrieve');
  });

  it('prices and products: retrieve, with the product expanded', async () => {
    const price = await stripe.prices.retrieve(server.prices.basic, { expand: ['product'] });
    expectShape('Price', price, 'prices.retrieve');
    const product = price.product as Stripe.Product;
    expect(product.object).toBe('product');
    expectShape('Product', await stripe.products.retrieve(product.id), 'products.retrieve');
  });

  it('checkout sessions: both modes, open and complete, expanded', async () => {
    const customer = await newCustomer();
    const payment = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [
        {
          price_data: {
            currency: 'gbp',
            unit_amount: 1500,
            product_data: { name: 'SaaS starter' },
          },
          quantity: 1,
        },
      ],
      metadata: { mvp_id: 'mvp-1' },
      payment_intent_data: { metadata: { mvp_id: 'mvp-1' } },
      success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/mvp/mvp-1',
    });
    expectShape('Checkout.Session', payment, 'checkout.sessions.create (payment)');
    expectShape(
      'Stripe.ApiList<Stripe.LineItem>',
      await stripe.checkout.sessions.listLineItems(payment.id),
      'checkout.sessions.listLineItems',
    );
    await server.control.completeCheckout(payment.id, { card: '4242424242424242' });
    const paid = await stripe.checkout.sessions.retrieve(payment.id, {
      expand: ['line_items', 'payment_intent', 'payment_intent.latest_charge'],
    });
    expectShape('Checkout.Session', paid, 'checkout.sessions.retrieve (payment, expanded)');
    const { session, completed } = await paidSubscription();
    expectShape('Checkout.Session', session, 'checkout.sessions.create (subscription)');
    expectShape(
      'Checkout.Session',
      completed,
      'checkout.sessions.retrieve (subscription, expanded)',
    );
    expect(completed.status).toBe('complete');
  });

  it('subscriptions: retrieve expanded, update, change price, cancel', async () => {
    const { subscription } = await paidSubscription();
    const retrieved = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['default_payment_method', 'latest_invoice', 'customer'],
    });
    expectShape('Subscription', retrieved, 'subscriptions.retrieve (expanded)');
    expectShape(
      'Subscription',
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
      'subscriptions.update (cancel_at_period_end)',
    );
    expectShape(
      'Subscription',
      await stripe.subscriptions.update(subscription.id, {
        cancel_at_period_end: false,
        items: [{ id: subscription.items.data[0]!.id, price: server.prices.premium }],
        proration_behavior: 'always_invoice',
      }),
      'subscriptions.update (price, always_invoice)',
    );
    expectShape(
      'Subscription',
      await stripe.subscriptions.cancel(subscription.id),
      'subscriptions.cancel',
    );
  });

  it('invoices: retrieve with payments, list by subscription; their payment objects', async () => {
    const { subscription } = await paidSubscription();
    await server.control.advanceSubscription(subscription.id);
    await server.control.advanceSubscription(subscription.id, { fail: true });
    const list = await stripe.invoices.list({ subscription: subscription.id, limit: 10 });
    expectShape('Stripe.ApiList<Stripe.Invoice>', list, 'invoices.list');
    expect(list.data.map((invoice) => invoice.status)).toEqual(['open', 'paid', 'paid']);
    for (const invoice of list.data) {
      const expanded = await stripe.invoices.retrieve(invoice.id, {
        expand: ['payments', 'payments.data.payment.payment_intent'],
      });
      expectShape('Invoice', expanded, `invoices.retrieve ${invoice.billing_reason}`);
      for (const payment of expanded.payments!.data) {
        expectShape('InvoicePayment', payment, 'invoice.payments[]');
        const intent = payment.payment.payment_intent as Stripe.PaymentIntent;
        expectShape('PaymentIntent', intent, 'payment.payment_intent (expanded)');
        expectShape(
          'PaymentIntent',
          await stripe.paymentIntents.retrieve(intent.id),
          'paymentIntents.retrieve',
        );
        const charge = await stripe.charges.retrieve(intent.latest_charge as string);
        expectShape('Charge', charge, `charges.retrieve (${charge.status})`);
        const method = await stripe.paymentMethods.retrieve(intent.payment_method as string);
        expectShape('PaymentMethod', method, 'paymentMethods.retrieve');
      }
    }
  });

  it('billing portal: a session, and a card update on its page that pays a past-due invoice', async () => {
    const { subscription } = await paidSubscription();
    await server.control.advanceSubscription(subscription.id, { fail: true });
    const session = await stripe.billingPortal.sessions.create({
      customer: subscription.customer as string,
      return_url: 'http://localhost:3000/dashboard',
    });
    expectShape('BillingPortal.Session', session, 'billingPortal.sessions.create');
    expect(session.url).toBe(`${server.endpoint}/p/session/${session.id}`);
    const page = await fetch(`${session.url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242424242424242&cardExpiry=12%2F34&cardCvc=123&billingName=Buyer',
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('active');
    expectShape('Subscription', after, 'subscription after the portal card update');
  });

  it('refunds: create against a payment intent and a charge, retrieve', async () => {
    const { subscription } = await paidSubscription();
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string, {
      expand: ['payments'],
    });
    const intent = invoice.payments!.data[0]!.payment.payment_intent as string;
    const partial = await stripe.refunds.create({
      payment_intent: intent,
      amount: 50,
      metadata: { refund_request_id: 'r1' },
    });
    expectShape('Refund', partial, 'refunds.create (payment_intent)');
    const charge = await stripe.charges.retrieve(
      (await stripe.paymentIntents.retrieve(intent)).latest_charge as string,
    );
    expectShape(
      'Refund',
      await stripe.refunds.create({ charge: charge.id }),
      'refunds.create (charge)',
    );
    expectShape('Refund', await stripe.refunds.retrieve(partial.id), 'refunds.retrieve');
    expectShape('Charge', await stripe.charges.retrieve(charge.id), 'charges.retrieve (refunded)');
  });

  it('disputes: opened by the issuer on a charge, retrieved, listed, closed (accepted as lost)', async () => {
    const { subscription } = await paidSubscription();
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string, {
      expand: ['payments'],
    });
    const intent = await stripe.paymentIntents.retrieve(
      invoice.payments!.data[0]!.payment.payment_intent as string,
    );
    const opened = await server.control.openDispute(intent.latest_charge as string);
    expectShape('Dispute', opened, 'control openDispute');
    expectShape('Dispute', await stripe.disputes.retrieve(opened.id), 'disputes.retrieve');
    expectShape(
      'Stripe.ApiList<Stripe.Dispute>',
      await stripe.disputes.list({ charge: intent.latest_charge as string }),
      'disputes.list',
    );
    expectShape(
      'Charge',
      await stripe.charges.retrieve(intent.latest_charge as string),
      'charges.retrieve (disputed)',
    );
    const closed = await stripe.disputes.close(opened.id);
    expect(closed.status).toBe('lost');
    expectShape('Dispute', closed, 'disputes.close');
  });

  it('Connect: accounts (express and controller), account links, onboarding, login links, transfers', async () => {
    const express = await stripe.accounts.create({
      type: 'express',
      country: 'GB',
      email: 'seller@example.com',
      metadata: { user_id: 'seller-1' },
      capabilities: { transfers: { requested: true } },
    });
    expectShape('Account', express, 'accounts.create (express)');
    const controlled = await stripe.accounts.create({
      controller: {
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        stripe_dashboard: { type: 'express' },
      },
      country: 'GB',
      email: 'seller2@example.com',
      capabilities: { transfers: { requested: true } },
    });
    expectShape('Account', controlled, 'accounts.create (controller)');
    const link = await stripe.accountLinks.create({
      account: express.id,
      refresh_url: 'http://localhost:3000/connect-stripe?status=refresh',
      return_url: 'http://localhost:3000/payouts?status=success',
      type: 'account_onboarding',
    });
    expectShape('AccountLink', link, 'accountLinks.create');
    await expect(stripe.accounts.createLoginLink(express.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('has not completed onboarding'),
    });
    await server.control.completeOnboarding(express.id);
    const loginLink = await stripe.accounts.createLoginLink(express.id);
    expectShape('LoginLink', loginLink, 'accounts.createLoginLink');
    const dashboard = await fetch(loginLink.url);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('Express dashboard');
    expectShape(
      'Account',
      await stripe.accounts.retrieve(express.id),
      'accounts.retrieve (onboarded)',
    );
    const transfer = await stripe.transfers.create({
      amount: 140,
      currency: 'gbp',
      destination: express.id,
      transfer_group: 'payout-2026-01',
      metadata: { payout_id: 'p1' },
    });
    expectShape('Transfer', transfer, 'transfers.create');
    expectShape(
      'Stripe.ApiList<Stripe.Transfer>',
      await stripe.transfers.list({ transfer_group: 'payout-2026-01', limit: 10 }),
      'transfers.list',
    );
    await server.control.reverseTransfer(transfer.id);
    expectShape(
      'Transfer',
      await stripe.transfers.retrieve(transfer.id),
      'transfers.retrieve (reversed)',
    );
  });

  it('every event emitted above is a Stripe Event of its type', async () => {
    const events = await server.control.events({ limit: 1000 });
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([
        'checkout.session.completed',
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice.payment_failed',
        'payment_method.attached',
        'customer.updated',
        'charge.refunded',
        'refund.created',
        'charge.dispute.created',
        'charge.dispute.funds_withdrawn',
        'charge.dispute.closed',
        'account.updated',
        'transfer.created',
        'transfer.reversed',
      ]),
    );
    for (const event of events) expectShape('Event', event, `event ${event.type}`);
  });
});

describe('the shape check itself', () => {
  it('reports a missing property, a wrong kind, an unknown property and a value outside a closed union', () => {
    const problems = shapes.check('Customer', {
      id: 'cus_1',
      object: 'customer',
      balance: '0',
      default_source: null,
      description: null,
      email: null,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: 5,
        rendering_options: null,
      },
      livemode: false,
      metadata: {},
      shipping: null,
      colour: 'blue',
    });
    expect(problems).toEqual([
      { path: 'Customer.balance', expected: 'number', got: '"0"' },
      { path: 'Customer.created', expected: 'number', got: 'missing' },
      { path: 'Customer.invoice_settings.footer', expected: 'null | string', got: 'number 5' },
      { path: 'Customer.colour', expected: 'no such property on Customer', got: '"blue"' },
    ]);
    // A closed union (no OtherString): Account.Requirements.DisabledReason.
    const account = shapes.check(
      'Account',
      { requirements: { disabled_reason: 'paused' } },
      'acct',
    );
    expect(account).toContainEqual(
      expect.objectContaining({ path: 'acct.requirements.disabled_reason', got: '"paused"' }),
    );
  });

  it('checks an event against the interface of its type, and expanded fields against their object', () => {
    const wrongObject = shapes.check('Event', {
      id: 'evt_1',
      object: 'event',
      api_version: '2026-10-28.endive',
      created: 1,
      data: { object: { id: 'cus_1', object: 'customer' } },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    });
    expect(wrongObject).toContainEqual({
      path: 'Event.data.object.object',
      expected: '"checkout.session"',
      got: '"customer"',
    });
    const expanded = shapes.check(
      'Subscription',
      { default_payment_method: { id: 'pm_1' } },
      'sub',
    );
    expect(expanded).toContainEqual(
      expect.objectContaining({ path: 'sub.default_payment_method.object', got: 'missing' }),
    );
  });
});
