/**
 * Stripe not answering, through the billing and refunds Lambdas' handlers and stripe-node against
 * the run's local Stripe server reached through a fault proxy of this file's own
 * (test/fixtures/fault-proxy.ts): first with its port closed, then hanging (connections accepted,
 * never answered). A first plan checkout (whose customer is created first), a template checkout,
 * the billing portal, an admin's refund and a seller's Connect onboarding link each answer 503 with Stripe's one message, within
 * Stripe's budget (contract/third-parties.ts), and nothing is charged or half-written: no customer
 * on the profile, the refund request still approved, nothing refunded. With Stripe back, the same
 * calls pass. And a refund Stripe makes while its answers are lost says trying again is safe, and
 * trying again refunds once (the idempotency key).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  THIRD_PARTY_RETRY_SAFE_MESSAGES,
  THIRD_PARTY_UNAVAILABLE_MESSAGES,
  worstCaseMs,
} from '../../../../contract/third-parties';
import type { RefundRequestItem } from '../../../../lambdas/shared/db/entities/refund-request';
import { startFaultProxy, type FaultMode } from '../../../fixtures/fault-proxy';
import { outageBound, timed } from '../../../fixtures/third-party-outage';

const cloud = inject('localCloud');

// Before any handler module reads its configuration: stripe-node talks to Stripe through this
// proxy (this file's process only; the server is the run's).
const stripeProxy = await startFaultProxy(cloud.stripe.apiUrl);
process.env.STRIPE_API_URL = stripeProxy.endpoint;

const { SITE_ORIGIN, billingStripe, callBilling } = await import('../../../fixtures/billing');
const { jsonBody, apiEvent, idTokenClaims, lambdaContext } =
  await import('../../../fixtures/api-event');
const { seedTemplate } = await import('../../../fixtures/template-items');
const { putProfile } = await import('../../../fixtures/profiles');
const { putStripeCustomer, storedConnectAccount, storedStripeCustomer } =
  await import('../../../fixtures/stripe-fields');
const { handler: refundsHandler } = await import('../../../../lambdas/refunds/index');
const { RefundRequestEntity } =
  await import('../../../../lambdas/shared/db/entities/refund-request');
const { invoiceOrder, putOrder } = await import('../../../fixtures/orders');

afterAll(() => stripeProxy.close());

const { prices, control, client } = billingStripe();
const BUDGET = outageBound(worstCaseMs('stripe'));

const planCheckout = (userId: string) =>
  callBilling('POST', '/api/billing/checkout', userId, {
    mode: 'subscription',
    price_id: prices.basic,
    success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_ORIGIN}/pricing`,
  });

const templateCheckout = (userId: string, templateId: string) =>
  callBilling('POST', '/api/billing/checkout', userId, {
    mode: 'payment',
    mvp_id: templateId,
    success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_ORIGIN}/mvp/${templateId}`,
  });

const openPortal = (userId: string) =>
  callBilling('POST', '/api/billing/portal', userId, { return_url: `${SITE_ORIGIN}/dashboard` });

const ADMIN = `admin-${randomUUID()}`;
const processRefund = (id: string) =>
  refundsHandler(
    apiEvent({
      method: 'POST',
      path: `/api/admin/refund-requests/${id}/process`,
      claims: idTokenClaims({ sub: ADMIN, email: `${ADMIN}@example.com` }),
    }),
    lambdaContext('refunds'),
  );

const storedCustomer = async (userId: string) =>
  (await storedStripeCustomer(userId))?.stripe_customer_id;

let templateId: string;
/** A customer with one paid invoice of £3 (three refunds of £1), made while Stripe answers. */
let payer: { userId: string; subscriptionId: string; paymentIntent: string };

beforeAll(async () => {
  await putProfile({ id: ADMIN, role: 'admin' });
  const template = await seedTemplate(`stripe-seller-${randomUUID()}`, {
    access_tier: 'one_time_sale',
    price: 19,
  });
  templateId = template.id;
  const userId = `payer-${randomUUID()}`;
  const customer = await client.customers.create({ email: `${userId}@example.com` });
  await putProfile({ id: userId, role: 'buyer' });
  await putStripeCustomer(userId, customer.id);
  const session = await client.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: prices.premium, quantity: 1 }],
    success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_ORIGIN}/pricing`,
  });
  const { session: completed } = await control.completeCheckout(session.id, {
    card: '4242424242424242',
  });
  const subscriptionId = completed.subscription as string;
  const [invoice] = (await client.invoices.list({ subscription: subscriptionId })).data;
  const full = await client.invoices.retrieve(invoice!.id, { expand: ['payments'] });
  const intent = full.payments!.data.find((entry) => entry.payment.type === 'payment_intent')!
    .payment.payment_intent!;
  const paymentIntent = typeof intent === 'string' ? intent : intent.id;
  await putOrder(
    invoiceOrder(userId, subscriptionId, invoice!.amount_paid, {
      id: invoice!.id,
      payment_intent_id: paymentIntent,
      created_at: new Date().toISOString(),
    }),
  );
  payer = { userId, subscriptionId, paymentIntent };
});

/** An approved refund request of 1 GBP of the payer's paid invoice. */
const approvedRefund = async () => {
  const item: RefundRequestItem = {
    id: `req-${randomUUID()}`,
    user_id: payer.userId,
    subscription_id: `subscription-${randomUUID()}`,
    plan_type: 'premium',
    stripe_subscription_id: payer.subscriptionId,
    user_email: `${payer.userId}@example.com`,
    reason: 'Not what I needed',
    amount_requested: 1,
    status: 'approved',
    processed_by: ADMIN,
    created_at: new Date().toISOString(),
  };
  await RefundRequestEntity.create(item).go();
  return item.id;
};

const refundStatus = async (id: string) =>
  (await RefundRequestEntity.get({ id }).go({ consistent: true })).data?.status;

/** What Stripe has refunded of the payer's charge. */
const refundedInStripe = async (): Promise<number> => {
  const intent = await client.paymentIntents.retrieve(payer.paymentIntent);
  return (await client.charges.retrieve(intent.latest_charge as string)).amount_refunded;
};

describe.each<FaultMode>(['refuse', 'hang'])('Stripe %s', (mode) => {
  beforeAll(() => stripeProxy.setMode(mode));
  afterAll(() => stripeProxy.setMode('pass'));

  it(
    'checkouts, the portal, a refund and a Connect link answer 503 naming Stripe, within its budget, with nothing charged or half-written',
    async () => {
      const buyer = `buyer-${randomUUID()}`;
      const templateBuyer = `template-buyer-${randomUUID()}`;
      const seller = `seller-${randomUUID()}`;
      await putProfile({ id: seller, role: 'seller', is_seller_approved: true });
      const refundId = await approvedRefund();

      const answers = await Promise.all([
        timed(() => planCheckout(buyer)),
        timed(() => templateCheckout(templateBuyer, templateId)),
        timed(() => openPortal(payer.userId)),
        timed(() => processRefund(refundId)),
        timed(() => callBilling('POST', '/api/connect/account-link', seller, {})),
      ]);
      for (const [index, { result, ms }] of answers.entries()) {
        expect(result.statusCode, result.body).toBe(503);
        expect(jsonBody<ApiErrorBody>(result).message).toBe(
          index === 3
            ? THIRD_PARTY_RETRY_SAFE_MESSAGES.stripe
            : THIRD_PARTY_UNAVAILABLE_MESSAGES.stripe,
        );
        expect(ms).toBeLessThan(BUDGET);
      }

      // Nothing charged or half-written.
      await stripeProxy.setMode('pass');
      expect(await storedCustomer(buyer)).toBeUndefined();
      expect(await storedCustomer(templateBuyer)).toBeUndefined();
      expect(await refundStatus(refundId)).toBe('approved');
      const refundedBefore = await refundedInStripe();
      expect(await storedConnectAccount(seller)).toBeNull();

      // Stripe is back: the same calls pass, one customer each, one refund.
      const back = await Promise.all([
        planCheckout(buyer),
        templateCheckout(templateBuyer, templateId),
        openPortal(payer.userId),
        processRefund(refundId),
        callBilling('POST', '/api/connect/account-link', seller, {}),
      ]);
      for (const result of back) expect(result.statusCode, result.body).toBe(200);
      for (const userId of [buyer, templateBuyer]) {
        const customer = await client.customers.retrieve((await storedCustomer(userId))!);
        expect((customer as { metadata: Record<string, string> }).metadata.user_id).toBe(userId);
      }
      expect(await refundStatus(refundId)).toBe('processed');
      expect(await refundedInStripe()).toBe(refundedBefore + 100);
    },
    3 * BUDGET + 30_000,
  );
});

describe('Stripe answering too late', () => {
  afterAll(() => stripeProxy.setMode('pass'));

  it(
    'a refund done behind the timeout says trying again is safe, and trying again refunds once',
    async () => {
      const refundId = await approvedRefund();
      const refundedBefore = await refundedInStripe();

      // Stripe makes the refund (each try with the request's idempotency key); its answers are lost.
      await stripeProxy.setMode('swallow');
      const { result, ms } = await timed(() => processRefund(refundId));
      expect(result.statusCode, result.body).toBe(503);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(THIRD_PARTY_RETRY_SAFE_MESSAGES.stripe);
      expect(ms).toBeLessThan(BUDGET);
      await stripeProxy.setMode('pass');
      expect(await refundStatus(refundId)).toBe('approved');
      expect(await refundedInStripe()).toBe(refundedBefore + 100);

      // Trying again finds the refund Stripe made: processed, nothing refunded twice.
      const again = await processRefund(refundId);
      expect(again.statusCode, again.body).toBe(200);
      expect(await refundStatus(refundId)).toBe('processed');
      expect(await refundedInStripe()).toBe(refundedBefore + 100);
    },
    BUDGET + 30_000,
  );
});
