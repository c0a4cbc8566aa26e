/**
 * `GET /api/subscriptions` and `GET /api/subscriptions/current` through the billing Lambda against
 * DynamoDB Local: each caller sees only their own subscriptions.
 */
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/billing/index';
import type { Subscription, SubscriptionView } from '../../../../contract/subscriptions';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { subscriptionItem } from '../../../fixtures/subscriptions';

const call = (path: string, sub?: string) =>
  handler(
    apiEvent({
      path,
      claims: sub ? idTokenClaims({ sub, email: `${sub}@example.com` }) : undefined,
    }),
    lambdaContext('billing'),
  );

describe('subscriptions (read side)', () => {
  it('lists only the caller’s subscriptions, newest first', async () => {
    const older = subscriptionItem('alice', { id: ulid(Date.now() - 60_000), status: 'canceled' });
    const newer = subscriptionItem('alice', { id: ulid(), plan_type: 'premium' });
    await SubscriptionEntity.create(older).go();
    await SubscriptionEntity.create(newer).go();
    await SubscriptionEntity.create(subscriptionItem('bob')).go();

    const result = await call('/api/subscriptions', 'alice');
    expect(result.statusCode).toBe(200);
    const { items } = jsonBody<{ items: Subscription[] }>(result);
    expect(items.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(items.every((item) => item.user_id === 'alice')).toBe(true);
    expect(items[0]).not.toHaveProperty('stripe_customer_id');

    const bob = jsonBody<{ items: Subscription[] }>(await call('/api/subscriptions', 'bob'));
    expect(bob.items).toHaveLength(1);
    expect(bob.items[0]!.user_id).toBe('bob');
  });

  it('answers the view of the newest subscription, with the period end in seconds', async () => {
    const end = '2031-05-01T00:00:00.000Z';
    await SubscriptionEntity.create(
      subscriptionItem('carol', {
        id: ulid(Date.now() - 60_000),
        plan_type: 'basic',
        status: 'canceled',
      }),
    ).go();
    await SubscriptionEntity.create(
      subscriptionItem('carol', {
        status: 'trialing',
        current_period_end: end,
        cancel_at_period_end: true,
        payment_method_brand: 'visa',
        payment_method_last4: '4242',
      }),
    ).go();
    const view = jsonBody<SubscriptionView>(await call('/api/subscriptions/current', 'carol'));
    expect(view).toEqual({
      price_id: 'price_pro_test',
      plan_type: 'pro',
      subscription_status: 'active',
      status: 'trialing',
      current_period_end: Date.parse(end) / 1000,
      cancel_at_period_end: true,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
    });
  });

  it('answers an inactive view to a user who never subscribed, and 401 to nobody', async () => {
    const view = jsonBody<SubscriptionView>(await call('/api/subscriptions/current', 'dave'));
    expect(view).toMatchObject({ subscription_status: 'inactive', plan_type: null });
    const canceled = subscriptionItem('erin', { status: 'past_due' });
    await SubscriptionEntity.create(canceled).go();
    const erin = jsonBody<SubscriptionView>(await call('/api/subscriptions/current', 'erin'));
    expect(erin.subscription_status).toBe('inactive');
    expect((await call('/api/subscriptions')).statusCode).toBe(401);
  });
});
