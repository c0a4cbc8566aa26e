/**
 * The whole monthly-payouts state machine (the ASL file, run by aws-local-stepfunctions with the
 * real task functions, started by the schedule's task) against DynamoDB Local and the local
 * Stripe-compatible server (lib/local/servers/stripe), with real Connect accounts onboarded there.
 *
 * A month's amounts add up to its pool; a month run twice (one after the other, or at once) pays
 * each seller once; a seller without a connected account keeps a pending row that a later run
 * pays once connected; a transfer Stripe refuses leaves the payout failed with Stripe's reason and
 * the seller told, and so does one the platform's balance cannot cover; a payout a crashed
 * attempt left processing is finished once by the next run.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessMetrics } from '../../../../contract/design/metrics';
import { metrics } from '../../../../lambdas/shared/observability';
import { startMonthlyPayouts } from '../../../../lambdas/payouts/tasks/start-monthly-payouts';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { PayoutEntity, type PayoutItem } from '../../../../lambdas/shared/db/entities/payout';
import { PayoutRunEntity } from '../../../../lambdas/shared/db/entities/payout-run';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { billingStripe } from '../../../fixtures/billing';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import {
  addToPool,
  putApprovedSeller,
  putMonthDownloads,
  putPayout,
  setConnectAccount,
} from '../../../fixtures/payouts';

/** The run's local Stripe server (integration setup): its control API and "dashboard". */
const { control, client: stripe } = billingStripe();

const failures: unknown[] = [];
const runner = createLocalWorkflowRunner({
  retryIntervalMs: 10,
  log: () => undefined,
  onSettled: (_execution, outcome) => {
    if (!outcome.ok) failures.push(outcome.error);
  },
});

beforeAll(() => {
  setWorkflowRunner(runner);
});
afterAll(() => {
  setWorkflowRunner(undefined);
});

/** Starts the month's run as the schedule would (by hand: `{ month_year }`), waits for it. */
/** Counts the payout facts recorded while `run` runs (Powertools' own output is off in tests). */
const payoutFacts = async (run: () => Promise<void>) => {
  const spy = vi.spyOn(metrics, 'addMetric');
  try {
    await run();
    const total = (name: string) =>
      spy.mock.calls.filter(([metric]) => metric === name).reduce((sum, call) => sum + call[2], 0);
    return {
      paid: total(businessMetrics.payoutsPaid),
      failed: total(businessMetrics.payoutsFailed),
    };
  } finally {
    spy.mockRestore();
  }
};

const runMonth = async (...months: string[]) => {
  for (const month_year of months) await startMonthlyPayouts({ month_year });
  await Promise.all([...runner.running]);
  expect(failures).toEqual([]);
};

/** An approved seller with an Express account at Stripe, onboarded (payouts enabled). */
const connectedSeller = async () => {
  const seller = await putApprovedSeller();
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'GB',
    email: seller.email,
    capabilities: { transfers: { requested: true } },
    metadata: { user_id: seller.id },
  });
  await control.completeOnboarding(account.id);
  await setConnectAccount(seller.id, account.id);
  return { ...seller, accountId: account.id };
};

const payoutOf = async (sellerId: string, monthYear: string): Promise<PayoutItem | null> =>
  (await PayoutEntity.get({ seller_id: sellerId, month_year: monthYear }).go({ consistent: true }))
    .data;

const rowsOfMonth = async (sellerIds: string[], monthYear: string) =>
  (await Promise.all(sellerIds.map((id) => payoutOf(id, monthYear)))).filter(
    (row): row is PayoutItem => row !== null,
  );

const notificationsOf = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go()).data;

/** Transfers Stripe made for a payout (every `transfer.created` event carrying its id). */
const transfersFor = async (payoutId: string) =>
  (await control.events({ type: 'transfer.created', limit: 10_000 }))
    .map((event) => event.data.object as Stripe.Transfer)
    .filter((transfer) => transfer.metadata.payout_id === payoutId);

describe('monthly-payouts state machine', () => {
  it('pays each seller their share; sellers’ pence and the platform fee add up to the pool', async () => {
    const month = '2031-01';
    // Exact shares of 70% × 100,003p over 6 downloads: 35001.05, 11667.0166…, 23334.0333…; the
    // platform's 30,000.9 has the largest remainder and gets the odd penny.
    const [a, b, c] = [await connectedSeller(), await connectedSeller(), await connectedSeller()];
    const idle = await connectedSeller();
    await addToPool(month, 100_003);
    await putMonthDownloads(a.id, month, 3);
    await putMonthDownloads(b.id, month, 1);
    await putMonthDownloads(c.id, month, 2);
    // b also sold a template for £19.99 that month: 70% is 1,399.3 → 1,399p, 600p to the platform.
    await putOrder(
      templateOrder('buyer-x', { id: 'mvp-b', title: 'Kit', seller_id: b.id }, 1_999, {
        created_at: `${month}-15T10:00:00.000Z`,
      }),
    );

    await runMonth(month);

    const rows = await rowsOfMonth([a.id, b.id, c.id, idle.id], month);
    expect(rows.map((row) => [row.seller_id, row.commission_amount])).toEqual([
      [a.id, 35_001],
      [b.id, 11_667 + 1_399],
      [c.id, 23_334],
    ]);
    const poolShares = rows.reduce((sum, row) => sum + row.pool_share_amount, 0);
    const poolFees = rows.reduce(
      (sum, row) => sum + row.platform_fee_deducted - (row.sales_share_amount > 0 ? 600 : 0),
      0,
    );
    expect(poolShares).toBe(70_002);
    expect(poolShares + poolFees).toBe(100_003);
    for (const row of rows) {
      expect(row.commission_amount + row.platform_fee_deducted).toBe(row.gross_amount);
      expect(row).toMatchObject({ status: 'completed', currency: 'gbp' });
      const [transfer, ...more] = await transfersFor(row.id);
      expect(more).toEqual([]);
      expect(transfer).toMatchObject({
        id: row.stripe_transfer_id,
        amount: row.commission_amount,
        currency: 'gbp',
        transfer_group: `payouts-${month}`,
        metadata: { payout_id: row.id, seller_id: row.seller_id, month_year: month },
      });
      const types = (await notificationsOf(row.seller_id)).map((n) => n.type).sort();
      expect(types).toEqual(['payout_completed', 'payout_initiated']);
    }
    expect((await stripe.transfers.retrieve(rows[0]!.stripe_transfer_id!)).destination).toBe(
      a.accountId,
    );
    const completed = (await notificationsOf(a.id)).find((n) => n.type === 'payout_completed');
    expect(completed).toMatchObject({
      message: 'Your payout of £350.01 for January 2031 has been paid to your Stripe account.',
      link: '/payouts',
    });
    expect(await payoutOf(idle.id, month)).toBeNull();
    expect((await PayoutRunEntity.get({ month_year: month }).go()).data).toMatchObject({
      status: 'completed',
      pool_amount: 100_003,
      total_downloads: 6,
      payouts_created: 3,
      payouts_completed: 3,
      payouts_failed: 0,
      payouts_pending: 0,
    });
  });

  it('pays a month run twice, one run after the other or both at once, only once', async () => {
    const month = '2031-02';
    const [a, b] = [await connectedSeller(), await connectedSeller()];
    await addToPool(month, 20_000);
    await putMonthDownloads(a.id, month, 5);
    await putMonthDownloads(b.id, month, 5);

    let first: Awaited<ReturnType<typeof rowsOfMonth>> = [];
    const facts = await payoutFacts(async () => {
      await runMonth(month);
      first = await rowsOfMonth([a.id, b.id], month);
      await runMonth(month);
      await runMonth(month, month);
    });
    // Counted once per seller paid, however often the month runs.
    expect(facts).toEqual({ paid: 2, failed: 0 });

    const rows = await rowsOfMonth([a.id, b.id], month);
    expect(rows).toEqual(first);
    expect(rows.map((row) => [row.commission_amount, row.status])).toEqual([
      [7_000, 'completed'],
      [7_000, 'completed'],
    ]);
    for (const row of rows) {
      expect(await transfersFor(row.id)).toHaveLength(1);
      const types = (await notificationsOf(row.seller_id)).map((n) => n.type).sort();
      expect(types).toEqual(['payout_completed', 'payout_initiated']);
    }
    expect((await PayoutRunEntity.get({ month_year: month }).go()).data).toMatchObject({
      status: 'completed',
      payouts_created: 0,
    });
  });

  it('keeps an unconnected seller’s payout pending until a later run, once connected, pays it', async () => {
    const [month, next] = ['2031-03', '2031-04'];
    const seller = await putApprovedSeller();
    await addToPool(month, 10_000);
    await putMonthDownloads(seller.id, month, 4);

    await runMonth(month);
    const pending = await payoutOf(seller.id, month);
    expect(pending).toMatchObject({ status: 'pending', commission_amount: 7_000 });
    expect(await transfersFor(pending!.id)).toEqual([]);
    expect(await notificationsOf(seller.id)).toEqual([]);
    expect((await PayoutRunEntity.get({ month_year: month }).go()).data).toMatchObject({
      payouts_pending: 1,
    });

    // Still not connected (an account that cannot receive payouts yet): still pending, quietly.
    await setConnectAccount(seller.id, 'acct_not_onboarded', false);
    await runMonth(next);
    expect((await payoutOf(seller.id, month))?.status).toBe('pending');
    expect(await notificationsOf(seller.id)).toEqual([]);

    const account = await stripe.accounts.create({
      type: 'express',
      country: 'GB',
      capabilities: { transfers: { requested: true } },
    });
    await control.completeOnboarding(account.id);
    await setConnectAccount(seller.id, account.id);
    await runMonth(next);
    await runMonth(next);

    const paid = await payoutOf(seller.id, month);
    expect(paid).toMatchObject({ id: pending!.id, status: 'completed', commission_amount: 7_000 });
    const transfers = await transfersFor(pending!.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ destination: account.id, amount: 7_000 });
    expect((await notificationsOf(seller.id)).map((n) => n.type).sort()).toEqual([
      'payout_completed',
      'payout_initiated',
    ]);
    // The later month itself owed the seller nothing.
    expect(await payoutOf(seller.id, next)).toBeNull();
  });

  it('records a transfer Stripe refuses as failed with Stripe’s reason, and tells the seller', async () => {
    const month = '2031-05';
    const seller = await putApprovedSeller();
    // The account exists at Stripe but was never onboarded, while our record says it can be
    // paid (say, Stripe disabled it after onboarding and the event is still on its way).
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'GB',
      capabilities: { transfers: { requested: true } },
    });
    await setConnectAccount(seller.id, account.id, true);
    await addToPool(month, 5_000);
    await putMonthDownloads(seller.id, month, 2);

    expect(await payoutFacts(() => runMonth(month))).toEqual({ paid: 0, failed: 1 });

    const reason =
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments';
    const failed = await payoutOf(seller.id, month);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: reason,
      commission_amount: 3_500,
      stripe_account_id: account.id,
    });
    expect(failed!.processed_at).toEqual(expect.any(String));
    expect(failed!.stripe_transfer_id).toBeUndefined();
    const notifications = await notificationsOf(seller.id);
    expect(notifications.map((n) => n.type).sort()).toEqual(['payout_failed', 'payout_initiated']);
    expect(notifications.find((n) => n.type === 'payout_failed')?.message).toBe(
      `Your payout of £35.00 for May 2031 failed: ${reason}`,
    );
    expect((await PayoutRunEntity.get({ month_year: month }).go()).data).toMatchObject({
      status: 'completed',
      payouts_failed: 1,
    });

    // Running the month again neither retries it, nor notifies or counts again.
    expect(await payoutFacts(() => runMonth(month))).toEqual({ paid: 0, failed: 0 });
    expect((await payoutOf(seller.id, month))?.status).toBe('failed');
    expect(await notificationsOf(seller.id)).toHaveLength(2);
    expect(await transfersFor(failed!.id)).toEqual([]);
  });

  it('fails a payout the platform balance cannot cover, as Stripe refuses it, and tells the seller', async () => {
    const month = '2034-02';
    const seller = await connectedSeller();
    // The local server's balance is shared by the whole run: rather than lowering it, this
    // seller's share is made larger than all of it (the seller's share is 70% of the pool).
    const available = (await stripe.balance.retrieve()).available[0]!.amount;
    await addToPool(month, Math.ceil((available + 10_000) / 0.7));
    await putMonthDownloads(seller.id, month, 3);

    await runMonth(month);

    const failed = await payoutOf(seller.id, month);
    expect(failed!.commission_amount).toBeGreaterThan(available);
    expect(failed).toMatchObject({ status: 'failed', stripe_account_id: seller.accountId });
    expect(failed!.failure_reason).toMatch(
      /^You have insufficient available funds in your Stripe account/,
    );
    expect(failed!.stripe_transfer_id).toBeUndefined();
    expect((await notificationsOf(seller.id)).map((n) => n.type).sort()).toEqual([
      'payout_failed',
      'payout_initiated',
    ]);
    expect(await transfersFor(failed!.id)).toEqual([]);
    expect((await PayoutRunEntity.get({ month_year: month }).go()).data).toMatchObject({
      payouts_failed: 1,
    });
  });

  it('finishes payouts a crashed attempt left processing, once, in the next run', async () => {
    const [month, next] = ['2031-08', '2031-09'];
    const paidBeforeCrash = await connectedSeller();
    const crashedBeforeStripe = await connectedSeller();
    const processing = (seller: { id: string; accountId: string }) =>
      putPayout({
        seller_id: seller.id,
        month_year: month,
        status: 'processing',
        stripe_account_id: seller.accountId,
        commission_amount: 4_200,
      });
    const [paid, unpaid] = [
      await processing(paidBeforeCrash),
      await processing(crashedBeforeStripe),
    ];
    // The first attempt's transfer went through; the attempt died before recording it.
    const earlier = await stripe.transfers.create(
      {
        amount: 4_200,
        currency: 'gbp',
        destination: paidBeforeCrash.accountId,
        transfer_group: `payouts-${month}`,
        metadata: { payout_id: paid.id, seller_id: paid.seller_id, month_year: month },
      },
      { idempotencyKey: `payout-${paid.id}` },
    );

    await runMonth(next);

    expect(await payoutOf(paid.seller_id, month)).toMatchObject({
      status: 'completed',
      stripe_transfer_id: earlier.id,
    });
    expect(await transfersFor(paid.id)).toHaveLength(1);
    const [transfer, ...more] = await transfersFor(unpaid.id);
    expect(more).toEqual([]);
    expect(await payoutOf(unpaid.seller_id, month)).toMatchObject({
      status: 'completed',
      stripe_transfer_id: transfer!.id,
    });
    for (const seller of [paidBeforeCrash, crashedBeforeStripe]) {
      expect((await notificationsOf(seller.id)).map((n) => n.type)).toEqual(['payout_completed']);
    }
  });

  it('finds the transfer of an attempt that crashed days ago instead of paying again', async () => {
    const [month, next] = ['2031-10', '2031-11'];
    const seller = await connectedSeller();
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const stuck = await putPayout({
      seller_id: seller.id,
      month_year: month,
      status: 'processing',
      stripe_account_id: seller.accountId,
      commission_amount: 2_500,
      updated_at: twoDaysAgo,
    });
    // Paid two days ago; Stripe has forgotten that request's key since (a key Stripe no longer
    // knows is, to it, a new key: here, one it has never seen).
    const earlier = await stripe.transfers.create(
      {
        amount: 2_500,
        currency: 'gbp',
        destination: seller.accountId,
        transfer_group: `payouts-${month}`,
        metadata: { payout_id: stuck.id, seller_id: seller.id, month_year: month },
      },
      { idempotencyKey: `forgotten-${stuck.id}` },
    );

    await runMonth(next);

    expect(await payoutOf(seller.id, month)).toMatchObject({
      status: 'completed',
      stripe_transfer_id: earlier.id,
    });
    expect(await transfersFor(stuck.id)).toHaveLength(1);
  });

  it('sends the whole pool to the platform in a month without downloads', async () => {
    const month = '2031-06';
    await connectedSeller();
    await addToPool(month, 12_345);

    await runMonth(month);

    expect((await PayoutRunEntity.get({ month_year: month }).go()).data).toMatchObject({
      status: 'completed',
      pool_amount: 12_345,
      total_downloads: 0,
      payouts_created: 0,
    });
  });
});
