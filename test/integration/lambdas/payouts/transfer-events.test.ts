/**
 * `recordTransferEvent` (called by the billing webhook for `transfer.created`, `.updated` and
 * `.reversed`) against DynamoDB Local: a processing payout is completed by its transfer, a
 * reversal fails even a completed one, each once (with its notification in the same
 * transaction), in any order, and transfers that are not ours change nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessMetrics } from '../../../../contract/design/metrics';
import { metrics } from '../../../../lambdas/shared/observability';
import {
  TRANSFER_REVERSED_REASON,
  recordTransferEvent,
} from '../../../../lambdas/payouts/transitions';
import type { Stripe } from '../../../../lambdas/shared/adapters/stripe';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { PayoutEntity, type PayoutItem } from '../../../../lambdas/shared/db/entities/payout';
import { putPayout } from '../../../fixtures/payouts';

let sequence = 0;

/** A transfer as Stripe's event carries it, for `payout` unless metadata is given. */
const transferOf = (
  payout: PayoutItem,
  overrides: Partial<Stripe.Transfer> = {},
): Stripe.Transfer => {
  sequence += 1;
  return {
    id: `tr_test_${sequence}`,
    object: 'transfer',
    amount: payout.commission_amount,
    amount_reversed: 0,
    balance_transaction: `txn_test_${sequence}`,
    created: 1_900_000_000,
    currency: 'gbp',
    description: null,
    destination: 'acct_test_seller',
    livemode: false,
    metadata: { payout_id: payout.id, seller_id: payout.seller_id, month_year: payout.month_year },
    reversals: { object: 'list', data: [], has_more: false, url: '/v1/transfers/x/reversals' },
    reversed: false,
    source_transaction: null,
    transfer_group: `payouts-${payout.month_year}`,
    ...overrides,
  };
};

const reversedOf = (transfer: Stripe.Transfer): Stripe.Transfer => ({
  ...transfer,
  amount_reversed: transfer.amount,
  reversed: true,
});

const payoutOf = async (payout: PayoutItem) =>
  (await PayoutEntity.get({ seller_id: payout.seller_id, month_year: payout.month_year }).go())
    .data!;

const notificationTypes = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go()).data.map((n) => n.type).sort();

const processingPayout = (sellerId: string) =>
  putPayout({
    seller_id: sellerId,
    month_year: '2031-07',
    status: 'processing',
    stripe_account_id: 'acct_test_seller',
  });

/** Watches the payout facts counted from here on (Powertools' own output is off in tests). */
const watchPayoutFacts = () => {
  const spy = vi.spyOn(metrics, 'addMetric');
  const total = (name: string) =>
    spy.mock.calls.filter(([metric]) => metric === name).reduce((sum, call) => sum + call[2], 0);
  return () => ({
    paid: total(businessMetrics.payoutsPaid),
    failed: total(businessMetrics.payoutsFailed),
  });
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('recordTransferEvent', () => {
  it('completes a processing payout with its transfer, once', async () => {
    const payout = await processingPayout('seller-created');
    const transfer = transferOf(payout);
    const facts = watchPayoutFacts();

    expect(await recordTransferEvent(transfer, 1_900_000_005)).toBe('completed');
    expect(await recordTransferEvent(transfer, 1_900_000_005)).toBe('ignored');
    expect(facts()).toEqual({ paid: 1, failed: 0 });

    expect(await payoutOf(payout)).toMatchObject({
      status: 'completed',
      stripe_transfer_id: transfer.id,
      processed_at: new Date(1_900_000_000 * 1000).toISOString(),
    });
    expect(await notificationTypes(payout.seller_id)).toEqual(['payout_completed']);
  });

  it('fails a completed payout when its transfer is reversed, once', async () => {
    const payout = await processingPayout('seller-reversed');
    const transfer = transferOf(payout);
    await recordTransferEvent(transfer, 1_900_000_001);
    const facts = watchPayoutFacts();

    expect(await recordTransferEvent(reversedOf(transfer), 1_900_000_100)).toBe('reversed');
    expect(await recordTransferEvent(reversedOf(transfer), 1_900_000_100)).toBe('ignored');
    expect(facts()).toEqual({ paid: 0, failed: 1 });

    expect(await payoutOf(payout)).toMatchObject({
      status: 'failed',
      failure_reason: TRANSFER_REVERSED_REASON,
    });
    expect(await notificationTypes(payout.seller_id)).toEqual([
      'payout_completed',
      'payout_failed',
    ]);
  });

  it('out of order: a late transfer.created never moves a reversed payout back', async () => {
    const payout = await processingPayout('seller-out-of-order');
    const transfer = transferOf(payout);

    expect(await recordTransferEvent(reversedOf(transfer), 1_900_000_100)).toBe('reversed');
    expect(await recordTransferEvent(transfer, 1_900_000_001)).toBe('ignored');

    expect((await payoutOf(payout)).status).toBe('failed');
    expect(await notificationTypes(payout.seller_id)).toEqual(['payout_failed']);
  });

  it('leaves pending payouts, other payouts’ ids and transfers without our metadata alone', async () => {
    const pending = await putPayout({ seller_id: 'seller-pending', month_year: '2031-07' });
    const processing = await processingPayout('seller-mismatch');

    expect(await recordTransferEvent(transferOf(pending), 1_900_000_001)).toBe('ignored');
    expect(
      await recordTransferEvent(
        transferOf(processing, {
          metadata: { ...transferOf(processing).metadata, payout_id: 'not-this-payout' },
        }),
        1_900_000_001,
      ),
    ).toBe('ignored');
    expect(await recordTransferEvent(transferOf(processing, { metadata: {} }), 1)).toBe('ignored');
    expect(
      await recordTransferEvent(
        transferOf(processing, {
          metadata: { payout_id: processing.id, seller_id: 'x', month_year: 'July' },
        }),
        1,
      ),
    ).toBe('ignored');

    expect((await payoutOf(pending)).status).toBe('pending');
    expect((await payoutOf(processing)).status).toBe('processing');
    expect(await notificationTypes('seller-pending')).toEqual([]);
    expect(await notificationTypes('seller-mismatch')).toEqual([]);
  });
});
