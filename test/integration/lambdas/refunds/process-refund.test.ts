/**
 * `POST /api/admin/refund-requests/{id}/process` through the refunds Lambda against DynamoDB Local
 * and the local Stripe-compatible server (lib/local/servers/stripe), with real payments: a Pro subscription
 * paid by card through Checkout and renewed once, so two paid invoices with their payment intents
 * exist in Stripe. The invoices' orders are recorded here as the webhook records them.
 *
 * Processing twice refunds once; a crash between Stripe and the write is repaired by running it
 * again (Stripe answers the same refund for the same key); an amount spanning both invoices
 * refunds the newest first, one refund each; Stripe's refusal leaves the request approved.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/refunds/index';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  refundFailedMessage,
  refundStatusConflictMessage,
  type ProcessRefundResult,
} from '../../../../contract/refunds';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import {
  RefundRequestEntity,
  type RefundRequestItem,
} from '../../../../lambdas/shared/db/entities/refund-request';
import { billingStripe } from '../../../fixtures/billing';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { invoiceOrder, putOrder } from '../../../fixtures/orders';
import { putProfile } from '../../../fixtures/profiles';

const ADMIN = `admin-${randomUUID()}`;
const DAY_SECONDS = 86_400;

/** The run's local Stripe server (integration setup): its control API and "dashboard". */
const { control, client: stripe } = billingStripe();

interface PaidInvoice {
  id: string;
  paymentIntentId: string;
  amount: number;
}

/**
 * A buyer subscribed to Pro 40 days ago with a card, renewed once: two paid invoices, newest
 * first, recorded as the webhook records them (orders with their payment intents).
 */
const paidSubscription = async (
  userId: string,
): Promise<{ subscriptionId: string; invoices: PaidInvoice[] }> => {
  const customer = await stripe.customers.create({ email: `${userId}@example.com` });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_local_pro', quantity: 1 }],
    success_url: 'http://localhost/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost/pricing?canceled=true',
  });
  const { session: completed } = await control.completeCheckout(session.id, {
    card: '4242424242424242',
    now: Math.floor(Date.now() / 1000) - 40 * DAY_SECONDS,
  });
  const subscriptionId = completed.subscription as string;
  await control.advanceSubscription(subscriptionId);
  const { data } = await stripe.invoices.list({ subscription: subscriptionId });
  const invoices: PaidInvoice[] = [];
  for (const invoice of data) {
    const full = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    const payment = full.payments!.data.find((entry) => entry.payment.type === 'payment_intent')!;
    const paymentIntent = payment.payment.payment_intent!;
    invoices.push({
      id: invoice.id,
      paymentIntentId: typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id,
      amount: invoice.amount_paid,
    });
  }
  expect(invoices).toHaveLength(2);
  for (const [index, invoice] of invoices.entries()) {
    await putOrder(
      invoiceOrder(userId, subscriptionId, invoice.amount, {
        id: invoice.id,
        payment_intent_id: invoice.paymentIntentId,
        // Newest first, as Stripe lists them.
        created_at: new Date(Date.now() - index * 30 * DAY_SECONDS * 1000).toISOString(),
      }),
    );
  }
  return { subscriptionId, invoices };
};

const approvedRequest = async (
  userId: string,
  subscriptionId: string,
  amount: number,
): Promise<RefundRequestItem> => {
  const item: RefundRequestItem = {
    id: `req-${randomUUID()}`,
    user_id: userId,
    subscription_id: `subscription-${randomUUID()}`,
    plan_type: 'pro',
    stripe_subscription_id: subscriptionId,
    user_email: `${userId}@example.com`,
    reason: 'Not what I needed',
    amount_requested: amount,
    status: 'approved',
    processed_by: ADMIN,
    created_at: new Date().toISOString(),
  };
  await RefundRequestEntity.create(item).go();
  return item;
};

const processRequest = (id: string) =>
  handler(
    apiEvent({
      method: 'POST',
      path: `/api/admin/refund-requests/${id}/process`,
      claims: idTokenClaims({ sub: ADMIN, email: `${ADMIN}@example.com` }),
    }),
    lambdaContext('refunds'),
  );

const stored = async (id: string) =>
  (await RefundRequestEntity.get({ id }).go({ consistent: true })).data!;

/** What Stripe has refunded of a payment intent's charge. */
const refundedInStripe = async (paymentIntentId: string): Promise<number> => {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const charge = await stripe.charges.retrieve(intent.latest_charge as string);
  return charge.amount_refunded;
};

beforeAll(async () => {
  await putProfile({ id: ADMIN, role: 'admin' });
});

describe('processing a refund through Stripe', () => {
  it('refunds the newest invoice once, however often it is processed', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const { subscriptionId, invoices } = await paidSubscription(buyer);
    const request = await approvedRequest(buyer, subscriptionId, 1.5);

    const first = await processRequest(request.id);
    expect(first.statusCode).toBe(200);
    const result = jsonBody<ProcessRefundResult>(first);
    expect(result.refundId).toMatch(/^re_/);
    expect(result.request).toMatchObject({
      id: request.id,
      status: 'processed',
      stripe_refund_id: result.refundId,
      processed_by: ADMIN,
      amount_paid: 400,
    });
    expect(result.request.processed_at).not.toBeNull();

    const refund = await stripe.refunds.retrieve(result.refundId);
    expect(refund).toMatchObject({
      amount: 150,
      payment_intent: invoices[0]!.paymentIntentId,
      metadata: { refund_request_id: request.id, user_id: buyer },
    });
    expect(await stored(request.id)).toMatchObject({
      status: 'processed',
      stripe_refund_id: result.refundId,
      refund_plan: [
        {
          invoice_id: invoices[0]!.id,
          payment_intent_id: invoices[0]!.paymentIntentId,
          amount: 150,
        },
      ],
    });

    const again = await processRequest(request.id);
    expect(again.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(
      refundStatusConflictMessage('process', 'processed'),
    );
    expect(await refundedInStripe(invoices[0]!.paymentIntentId)).toBe(150);
    expect(await refundedInStripe(invoices[1]!.paymentIntentId)).toBe(0);
  });

  it('refunds once when two admins process at the same moment', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const { subscriptionId, invoices } = await paidSubscription(buyer);
    const request = await approvedRequest(buyer, subscriptionId, 2);
    const results = await Promise.all([processRequest(request.id), processRequest(request.id)]);
    const ok = results.filter((result) => result.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const result of results) expect([200, 409]).toContain(result.statusCode);
    expect(new Set(ok.map((result) => jsonBody<ProcessRefundResult>(result).refundId)).size).toBe(
      1,
    );
    expect(await refundedInStripe(invoices[0]!.paymentIntentId)).toBe(200);
  });

  it('repairs a crash between Stripe and the write by running again', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const { subscriptionId, invoices } = await paidSubscription(buyer);
    const request = await approvedRequest(buyer, subscriptionId, 1);
    const newest = invoices[0]!;
    // The crashed run: it fixed its plan and Stripe made the refund; then the Lambda died.
    await RefundRequestEntity.patch({ id: request.id })
      .set({
        refund_plan: [
          { invoice_id: newest.id, payment_intent_id: newest.paymentIntentId, amount: 100 },
        ],
      })
      .go();
    const made = await stripe.refunds.create(
      {
        payment_intent: newest.paymentIntentId,
        amount: 100,
        metadata: { refund_request_id: request.id, user_id: buyer },
      },
      { idempotencyKey: `refund-${request.id}` },
    );
    // Meanwhile the webhook recorded the refund on the order.
    await OrderEntity.patch({ id: newest.id }).set({ amount_refunded: 100 }).go();

    const rerun = await processRequest(request.id);
    expect(rerun.statusCode).toBe(200);
    expect(jsonBody<ProcessRefundResult>(rerun).refundId).toBe(made.id);
    expect(await stored(request.id)).toMatchObject({
      status: 'processed',
      stripe_refund_id: made.id,
    });
    expect(await refundedInStripe(newest.paymentIntentId)).toBe(100);
  });

  it('spreads an amount over both invoices, newest first, one refund each', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const { subscriptionId, invoices } = await paidSubscription(buyer);
    const request = await approvedRequest(buyer, subscriptionId, 3);

    const result = await processRequest(request.id);
    expect(result.statusCode).toBe(200);
    const { refundId } = jsonBody<ProcessRefundResult>(result);
    expect((await stripe.refunds.retrieve(refundId)).payment_intent).toBe(
      invoices[0]!.paymentIntentId,
    );
    expect(await refundedInStripe(invoices[0]!.paymentIntentId)).toBe(200);
    expect(await refundedInStripe(invoices[1]!.paymentIntentId)).toBe(100);
    expect((await stored(request.id)).refund_plan).toEqual([
      { invoice_id: invoices[0]!.id, payment_intent_id: invoices[0]!.paymentIntentId, amount: 200 },
      { invoice_id: invoices[1]!.id, payment_intent_id: invoices[1]!.paymentIntentId, amount: 100 },
    ]);
  });

  it('keeps the request approved when Stripe refuses, and says why', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const { subscriptionId, invoices } = await paidSubscription(buyer);
    // Refunded in full in Stripe's dashboard; the webhook has not told us yet.
    await stripe.refunds.create({ payment_intent: invoices[0]!.paymentIntentId });
    const request = await approvedRequest(buyer, subscriptionId, 1);

    const refused = await processRequest(request.id);
    expect(refused.statusCode).toBe(502);
    const { message } = jsonBody<ApiErrorBody>(refused);
    expect(message.startsWith(refundFailedMessage(''))).toBe(true);
    expect(message).toContain('already been refunded');
    const after = await stored(request.id);
    expect(after.status).toBe('approved');
    expect(after.stripe_refund_id).toBeUndefined();
    expect(after.processed_at).toBeUndefined();
  });
});
