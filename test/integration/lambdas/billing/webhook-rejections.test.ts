/**
 * The webhook's `transfer.*` events and the signed events it cannot apply. A transfer event is
 * committed with its claim: delivered twice (even at once) it completes its payout once. A signed
 * but malformed event (no object, a transfer without a payout's metadata, a subscription Stripe
 * does not know or one that names no user of ours) is acknowledged with a 200, claimed, and counted as `WebhookEventsRejected`:
 * never a 500 that Stripe would retry for three days.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metrics } from '../../../../lambdas/shared/observability';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { PayoutEntity, type PayoutItem } from '../../../../lambdas/shared/db/entities/payout';
import { WebhookEventEntity } from '../../../../lambdas/shared/db/entities/webhook-event';
import { billingStripe, deliverEvent } from '../../../fixtures/billing';
import { putPayout } from '../../../fixtures/payouts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A signed event as Stripe sends it, of `type` with `object` as its data. */
const eventOf = (type: string, object: unknown): Stripe.Event =>
  ({
    id: `evt_test_${randomUUID()}`,
    object: 'event',
    api_version: '2025-08-27.basil',
    created: 1_900_000_000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: object === null ? null : { object },
  }) as unknown as Stripe.Event;

const transferOf = (payout: PayoutItem, metadata?: Record<string, string>) => ({
  id: `tr_test_${randomUUID()}`,
  object: 'transfer',
  amount: payout.commission_amount,
  amount_reversed: 0,
  created: 1_900_000_000,
  currency: 'gbp',
  destination: 'acct_test_seller',
  livemode: false,
  metadata: metadata ?? {
    payout_id: payout.id,
    seller_id: payout.seller_id,
    month_year: payout.month_year,
  },
  reversals: { object: 'list', data: [], has_more: false, url: '/v1/transfers/x/reversals' },
  reversed: false,
});

const processingPayout = () =>
  putPayout({
    seller_id: `seller-${randomUUID()}`,
    month_year: '2031-08',
    status: 'processing',
    stripe_account_id: 'acct_test_seller',
  });

const claimOf = async (eventId: string) =>
  (await WebhookEventEntity.get({ provider: 'stripe', event_id: eventId }).go({ consistent: true }))
    .data;

const rejectionsCounted = () => {
  const addMetric = vi.spyOn(metrics, 'addMetric');
  return () => addMetric.mock.calls.filter(([name]) => name === 'WebhookEventsRejected').length;
};

describe('transfer events', () => {
  it('completes the payout with the claim, once, however often the event is delivered', async () => {
    const payout = await processingPayout();
    const event = eventOf('transfer.created', transferOf(payout));

    const answers = await Promise.all([deliverEvent(event), deliverEvent(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await deliverEvent(event)).statusCode).toBe(200);

    const stored = (
      await PayoutEntity.get({ seller_id: payout.seller_id, month_year: payout.month_year }).go({
        consistent: true,
      })
    ).data!;
    expect(stored).toMatchObject({ status: 'completed', stripe_transfer_id: expect.any(String) });
    const notices = (await NotificationEntity.query.byUser({ user_id: payout.seller_id }).go())
      .data;
    expect(notices.map((notice) => notice.type)).toEqual(['payout_completed']);
    expect(await claimOf(event.id)).toMatchObject({ event_type: 'transfer.created' });
  });
});

describe('signed but malformed events', () => {
  it('acknowledges, claims and counts an event without data', async () => {
    const counted = rejectionsCounted();
    const event = eventOf('transfer.created', null);

    expect((await deliverEvent(event)).statusCode).toBe(200);
    expect(counted()).toBe(1);
    expect(await claimOf(event.id)).not.toBeNull();
  });

  it('acknowledges and counts a transfer without a payout in its metadata, changing nothing', async () => {
    const payout = await processingPayout();
    const counted = rejectionsCounted();
    const event = eventOf('transfer.updated', transferOf(payout, {}));

    expect((await deliverEvent(event)).statusCode).toBe(200);
    expect(counted()).toBe(1);
    expect(await claimOf(event.id)).not.toBeNull();
    const stored = (
      await PayoutEntity.get({ seller_id: payout.seller_id, month_year: payout.month_year }).go({
        consistent: true,
      })
    ).data!;
    expect(stored.status).toBe('processing');
  });

  it('acknowledges and counts an event of a subscription Stripe does not know', async () => {
    const counted = rejectionsCounted();
    const event = eventOf('customer.subscription.updated', {
      id: 'sub_unknown_to_stripe',
      object: 'subscription',
      metadata: {},
    });

    expect((await deliverEvent(event)).statusCode).toBe(200);
    expect(counted()).toBe(1);
    expect(await claimOf(event.id)).not.toBeNull();
  });

  it('acknowledges and counts a subscription that names no user of ours', async () => {
    const { client, control, prices } = billingStripe();
    const customer = await client.customers.create({ email: 'stranger@example.com' });
    const session = await client.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: prices.pro, quantity: 1 }],
      success_url: 'http://localhost:5173/success',
      cancel_url: 'http://localhost:5173/pricing',
    });
    await control.completeCheckout(session.id, { card: '4242424242424242' });
    const { subscription } = await client.checkout.sessions.retrieve(session.id);
    const counted = rejectionsCounted();
    const event = eventOf('invoice.payment_failed', {
      id: `in_test_${randomUUID()}`,
      object: 'invoice',
      amount_due: 200,
      currency: 'gbp',
      parent: { subscription_details: { subscription } },
    });

    expect((await deliverEvent(event)).statusCode).toBe(200);
    expect(counted()).toBe(1);
    expect(await claimOf(event.id)).not.toBeNull();
  });
});
