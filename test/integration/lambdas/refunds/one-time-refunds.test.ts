/**
 * Refund requests on one-time template purchases, and the refundable list the form shows, through
 * the refunds and billing Lambdas, DynamoDB Local and the local Stripe server: the list names the
 * caller's own subscriptions and orders with the most still to ask; a request on another user's
 * order is not found; the admin processes it as a Stripe refund of that payment, and the webhook
 * then marks the order refunded, the licence refunded (kept, no longer valid) and tells the buyer.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/refunds/index';
import type { CheckoutResult } from '../../../../contract/billing';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  REFUND_MESSAGES,
  refundAboveRemainingMessage,
  type ProcessRefundResult,
  type RefundablePurchaseList,
  type RefundRequest,
} from '../../../../contract/refunds';
import { LicenseEntity } from '../../../../lambdas/shared/db/entities/license';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import {
  SITE_ORIGIN,
  billingStripe,
  callBilling,
  deliverNewEvents,
} from '../../../fixtures/billing';
import { invoiceOrder, putOrder, templateOrder } from '../../../fixtures/orders';
import { putProfile } from '../../../fixtures/profiles';
import { subscriptionItem } from '../../../fixtures/subscriptions';
import { seedTemplate } from '../../../fixtures/template-items';

const { control, client } = billingStripe();
const ADMIN = `admin-${randomUUID()}`;

const call = (method: 'GET' | 'POST', path: string, sub: string, body?: unknown) =>
  handler(
    apiEvent({
      method,
      path,
      claims: idTokenClaims({ sub, email: `${sub}@example.com` }),
      ...(body === undefined ? {} : { body }),
    }),
    lambdaContext('refunds'),
  );

const refundable = async (sub: string) => {
  const result = await call('GET', '/api/refund-requests/refundable', sub);
  expect(result.statusCode).toBe(200);
  return jsonBody<RefundablePurchaseList>(result).items;
};

describe('GET /api/refund-requests/refundable', () => {
  it('lists the caller’s own subscriptions and orders with the most still to ask', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const subscription = subscriptionItem(buyer, { plan_type: 'pro' });
    await SubscriptionEntity.create(subscription).go();
    await putOrder(
      invoiceOrder(buyer, subscription.stripe_subscription_id, 200, { amount_refunded: 50 }),
    );
    const order = await putOrder(
      templateOrder(buyer, { id: 'mvp-1', title: 'Invoice Kit', seller_id: 'seller-1' }, 4999),
    );
    // Someone else's purchases are not the caller's business.
    await putOrder(
      templateOrder(`other-${randomUUID()}`, { id: 'mvp-2', title: 'Theirs', seller_id: 's' }, 100),
    );

    const items = await refundable(buyer);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'subscription',
          id: subscription.id,
          plan_type: 'pro',
          max_amount: 150,
        }),
        expect.objectContaining({
          kind: 'order',
          id: order.id,
          mvp_title: 'Invoice Kit',
          max_amount: 4999,
        }),
      ]),
    );
    expect(items).toHaveLength(2);

    // A pending request lowers the order's maximum; above it is refused, naming what is left.
    const filed = await call('POST', '/api/refund-requests', buyer, {
      order_id: order.id,
      reason: 'Not what the page promised',
      amount_requested: 40,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(jsonBody<RefundRequest>(filed)).toMatchObject({
      subscription_id: null,
      order_id: order.id,
      subscription: null,
      order: { mvp_title: 'Invoice Kit' },
      status: 'pending',
    });
    const after = await refundable(buyer);
    expect(after.find((item) => item.id === order.id)?.max_amount).toBe(999);
    const tooMuch = await call('POST', '/api/refund-requests', buyer, {
      order_id: order.id,
      reason: 'More',
      amount_requested: 10,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(tooMuch).message).toBe(refundAboveRemainingMessage('£9.99'));
  });

  it('refuses a request on another user’s order, or naming no purchase', async () => {
    const victimOrder = await putOrder(
      templateOrder(`victim-${randomUUID()}`, { id: 'm', title: 'T', seller_id: 's' }, 500),
    );
    const mallory = `mallory-${randomUUID()}`;
    const stolen = await call('POST', '/api/refund-requests', mallory, {
      order_id: victimOrder.id,
      reason: 'Give me their money',
      amount_requested: 1,
    });
    expect(stolen.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(stolen).message).toBe(REFUND_MESSAGES.orderNotFound);
    const none = await call('POST', '/api/refund-requests', mallory, {
      reason: 'Nothing named',
      amount_requested: 1,
    });
    expect(none.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(none).message).toBe(REFUND_MESSAGES.subscriptionRequired);
  });
});

describe('a one-time purchase refunded in full', () => {
  it('is refunded through Stripe, the order and licence marked refunded, the buyer told', async () => {
    await putProfile({ id: ADMIN, role: 'admin' });
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer, display_name: 'Ola Buyer' });
    const template = await seedTemplate(`seller-${randomUUID()}`, {
      access_tier: 'one_time_sale',
      price: 12.5,
      title: 'Booking Kit',
    });
    const started = await callBilling('POST', '/api/billing/checkout', buyer, {
      mode: 'payment',
      mvp_id: template.id,
      success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_ORIGIN}/mvp/${template.id}`,
    });
    const { session_id } = jsonBody<CheckoutResult>(started);
    const { session } = await control.completeCheckout(session_id, { card: '4242424242424242' });
    const customer = session.customer as string;
    const seen = new Set<string>();
    await deliverNewEvents(customer, seen);

    const filed = await call('POST', '/api/refund-requests', buyer, {
      order_id: session_id,
      reason: 'Bought the wrong kit',
      amount_requested: 12.5,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id } = jsonBody<RefundRequest>(filed);
    expect((await call('POST', `/api/admin/refund-requests/${id}/approve`, ADMIN)).statusCode).toBe(
      200,
    );
    const processed = await call('POST', `/api/admin/refund-requests/${id}/process`, ADMIN);
    expect(processed.statusCode, processed.body).toBe(200);
    const { refundId, request } = jsonBody<ProcessRefundResult>(processed);
    expect(request).toMatchObject({ status: 'processed', amount_paid: 1250 });
    expect(await client.refunds.retrieve(refundId)).toMatchObject({
      amount: 1250,
      payment_intent: session.payment_intent,
    });

    await deliverNewEvents(customer, seen);
    expect((await OrderEntity.get({ id: session_id }).go()).data!.amount_refunded).toBe(1250);
    const { data: licenses } = await LicenseEntity.query.byUser({ user_id: buyer }).go();
    expect(licenses).toHaveLength(1);
    expect(licenses[0]!.refunded_at).toEqual(expect.any(String));
    const { data: notes } = await NotificationEntity.query.byUser({ user_id: buyer }).go();
    // The purchase's receipt and the decision came first; the refund's own notice says it is paid.
    expect(notes.map((note) => note.message)).toEqual([
      'Thank you for buying "Booking Kit" for £12.50. Your licence certificate is ready.',
      'Your refund request of £12.50 for Booking Kit was approved. You will be told when the money is on its way.',
      'Your refund of £12.50 for Booking Kit has been processed.',
    ]);
    // Nothing is left to ask on it, and it no longer counts as owned: it may be bought again.
    expect(await refundable(buyer)).toEqual([]);
    const again = await callBilling('POST', '/api/billing/checkout', buyer, {
      mode: 'payment',
      mvp_id: template.id,
      success_url: `${SITE_ORIGIN}/success`,
      cancel_url: `${SITE_ORIGIN}/mvps`,
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
