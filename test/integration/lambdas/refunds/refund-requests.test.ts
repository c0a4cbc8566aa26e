/**
 * `POST /api/refund-requests` and `GET /api/refund-requests` through the refunds Lambda against
 * DynamoDB Local: requests only on one's own subscriptions, stored pending, listed only to their
 * owner, never above what was paid for the subscription (its paid invoices, as the Stripe webhook
 * records them) minus refunds and earlier requests.
 */
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/refunds/index';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  REFUND_MESSAGES,
  refundAboveRemainingMessage,
  type RefundRequest,
} from '../../../../contract/refunds';
import { RefundRequestEntity } from '../../../../lambdas/shared/db/entities/refund-request';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { invoiceOrder, putOrder } from '../../../fixtures/orders';
import { subscriptionItem } from '../../../fixtures/subscriptions';

const claims = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const submit = (sub: string, body: unknown) =>
  handler(
    apiEvent({ method: 'POST', path: '/api/refund-requests', claims: claims(sub), body }),
    lambdaContext('refunds'),
  );

const list = async (sub: string) => {
  const result = await handler(
    apiEvent({ path: '/api/refund-requests', claims: claims(sub) }),
    lambdaContext('refunds'),
  );
  expect(result.statusCode).toBe(200);
  return jsonBody<{ items: RefundRequest[] }>(result).items;
};

describe('refund requests', () => {
  it('stores a pending request on the caller’s subscription and lists it with its plan', async () => {
    const subscription = subscriptionItem('rita', { plan_type: 'premium' });
    await SubscriptionEntity.create(subscription).go();
    await putOrder(invoiceOrder('rita', subscription.stripe_subscription_id, 400));
    const result = await submit('rita', {
      subscription_id: subscription.id,
      reason: 'Charged twice this month',
      amount_requested: 2.5,
    });
    expect(result.statusCode).toBe(201);
    const created = jsonBody<RefundRequest>(result);
    expect(created).toMatchObject({
      user_id: 'rita',
      subscription_id: subscription.id,
      amount_requested: 2.5,
      status: 'pending',
      subscription: {
        plan_type: 'premium',
        stripe_subscription_id: subscription.stripe_subscription_id,
      },
    });
    const stored = await RefundRequestEntity.get({ id: created.id }).go();
    expect(stored.data).toMatchObject({ status: 'pending', user_email: 'rita@example.com' });
    expect(await list('rita')).toEqual([created]);
  });

  it('refuses a request on another user’s subscription and writes nothing', async () => {
    const victim = subscriptionItem('victor');
    await SubscriptionEntity.create(victim).go();
    const result = await submit('mallory', {
      subscription_id: victim.id,
      reason: 'Give me their money',
      amount_requested: 1,
    });
    expect(result.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(REFUND_MESSAGES.subscriptionNotFound);
    expect(await list('mallory')).toEqual([]);
    expect(await list('victor')).toEqual([]);
  });

  it('never shows one user’s requests to another', async () => {
    const own = subscriptionItem('alice');
    await SubscriptionEntity.create(own).go();
    await putOrder(invoiceOrder('alice', own.stripe_subscription_id, 200));
    expect(
      (await submit('alice', { subscription_id: own.id, reason: 'x', amount_requested: 1 }))
        .statusCode,
    ).toBe(201);
    expect(await list('alice')).toHaveLength(1);
    expect(await list('bob')).toEqual([]);
  });

  it('answers the product’s validation messages', async () => {
    const cases: [unknown, string, string][] = [
      [
        { reason: 'r', amount_requested: 1 },
        'subscription_id',
        REFUND_MESSAGES.subscriptionRequired,
      ],
      [
        { subscription_id: 's', reason: '  ', amount_requested: 1 },
        'reason',
        REFUND_MESSAGES.reasonRequired,
      ],
      [
        { subscription_id: 's', reason: 'r', amount_requested: 0 },
        'amount_requested',
        REFUND_MESSAGES.amountInvalid,
      ],
      [
        { subscription_id: 's', reason: 'r', amount_requested: -3 },
        'amount_requested',
        REFUND_MESSAGES.amountInvalid,
      ],
      [
        { subscription_id: 's', reason: 'r', amount_requested: 1.005 },
        'amount_requested',
        REFUND_MESSAGES.amountInvalid,
      ],
      [
        { subscription_id: 's', reason: 'r', amount_requested: '5' },
        'amount_requested',
        REFUND_MESSAGES.amountInvalid,
      ],
    ];
    for (const [body, field, message] of cases) {
      const result = await submit('vera', body);
      expect(result.statusCode).toBe(400);
      expect(jsonBody<ApiErrorBody>(result).fields?.[field]).toBe(message);
    }
    expect(await list('vera')).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const result = await handler(
      apiEvent({ path: '/api/refund-requests' }),
      lambdaContext('refunds'),
    );
    expect(result.statusCode).toBe(401);
  });
});

describe('refund amounts', () => {
  it('refuses more than the subscription’s paid invoices, at once or in pieces', async () => {
    // Two paid Pro invoices of £2.00 and one of another subscription: £4.00 paid for this one.
    const subscription = subscriptionItem('paula', { plan_type: 'pro' });
    await SubscriptionEntity.create(subscription).go();
    await putOrder(invoiceOrder('paula', subscription.stripe_subscription_id, 200));
    await putOrder(invoiceOrder('paula', subscription.stripe_subscription_id, 200));
    await putOrder(invoiceOrder('paula', 'sub_other', 5_000));
    const ask = (amount: number) =>
      submit('paula', {
        subscription_id: subscription.id,
        reason: 'Refund',
        amount_requested: amount,
      });

    for (const amount of [1e15, 4.01]) {
      const refused = await ask(amount);
      expect(refused.statusCode, String(amount)).toBe(400);
      expect(jsonBody<ApiErrorBody>(refused).fields?.amount_requested).toBe(
        refundAboveRemainingMessage('£4.00'),
      );
    }
    expect((await ask(3)).statusCode).toBe(201);
    // £1.00 is left: asking £1.01 more is refused, £1.00 is accepted, then nothing is left.
    const second = await ask(1.01);
    expect(second.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(second).message).toContain('£1.00');
    expect((await ask(1)).statusCode).toBe(201);
    expect((await ask(0.01)).statusCode).toBe(400);
    expect(await list('paula')).toHaveLength(2);
  });

  it('counts what Stripe refunded, and a processed request only once', async () => {
    const subscription = subscriptionItem('rhea', { plan_type: 'basic' });
    await SubscriptionEntity.create(subscription).go();
    // £10.00 paid, £3.00 of it refunded (in Stripe's dashboard, or by an earlier request).
    await putOrder(
      invoiceOrder('rhea', subscription.stripe_subscription_id, 1_000, { amount_refunded: 300 }),
    );
    await RefundRequestEntity.create({
      id: `processed-${subscription.id}`,
      user_id: 'rhea',
      subscription_id: subscription.id,
      plan_type: 'basic',
      stripe_subscription_id: subscription.stripe_subscription_id,
      user_email: 'rhea@example.com',
      reason: 'Earlier',
      amount_requested: 2,
      status: 'processed',
      created_at: new Date().toISOString(),
    }).go();
    const ask = (amount: number) =>
      submit('rhea', {
        subscription_id: subscription.id,
        reason: 'More',
        amount_requested: amount,
      });
    // The processed £2.00 is inside Stripe's £3.00: £7.00 is left, not £5.00.
    const over = await ask(7.01);
    expect(over.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(over).message).toBe(refundAboveRemainingMessage('£7.00'));
    expect((await ask(7)).statusCode).toBe(201);
  });

  it('refuses any amount when nothing was paid yet', async () => {
    const subscription = subscriptionItem('nora');
    await SubscriptionEntity.create(subscription).go();
    const result = await submit('nora', {
      subscription_id: subscription.id,
      reason: 'Refund',
      amount_requested: 0.01,
    });
    expect(result.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(refundAboveRemainingMessage('£0.00'));
  });

  it('counts a rejected request as not asked, and refers Enterprise plans to support', async () => {
    const basic = subscriptionItem('rory', { plan_type: 'basic' });
    await SubscriptionEntity.create(basic).go();
    await putOrder(invoiceOrder('rory', basic.stripe_subscription_id, 100));
    await RefundRequestEntity.create({
      id: `rejected-${basic.id}`,
      user_id: 'rory',
      subscription_id: basic.id,
      plan_type: 'basic',
      stripe_subscription_id: basic.stripe_subscription_id,
      user_email: 'rory@example.com',
      reason: 'Earlier',
      amount_requested: 1,
      status: 'rejected',
      created_at: new Date().toISOString(),
    }).go();
    const again = await submit('rory', {
      subscription_id: basic.id,
      reason: 'Try again',
      amount_requested: 1,
    });
    expect(again.statusCode).toBe(201);

    const enterprise = subscriptionItem('erin', { plan_type: 'enterprise' });
    await SubscriptionEntity.create(enterprise).go();
    const custom = await submit('erin', {
      subscription_id: enterprise.id,
      reason: 'Refund',
      amount_requested: 1,
    });
    expect(custom.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(custom).message).toBe(REFUND_MESSAGES.customPlan);
  });
});
