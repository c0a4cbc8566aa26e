/**
 * An admin's "Run payouts for <month>" through the payouts Lambda, with the monthly-payouts state
 * machine run in process against DynamoDB Local and the run's local Stripe server: a month whose
 * run never happened is run once, audited, and pays its sellers; running it again (after, or at
 * the same moment) is refused and pays nobody twice; a month not over yet is refused. The runs
 * list says which months were run, are running, or were missed.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as auditHandler } from '../../../../lambdas/audit/index';
import { listPayoutRuns } from '../../../../lambdas/payouts/admin-runs';
import { handler } from '../../../../lambdas/payouts/index';
import type { AuditLogPage } from '../../../../contract/audit';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  PAYOUT_RUN_MESSAGES,
  payoutMonthStanding,
  type StartedPayoutRunResult,
} from '../../../../contract/payouts';
import { PayoutEntity } from '../../../../lambdas/shared/db/entities/payout';
import { PayoutRunEntity } from '../../../../lambdas/shared/db/entities/payout-run';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { billingStripe } from '../../../fixtures/billing';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import {
  addToPool,
  putApprovedSeller,
  putMonthDownloads,
  putPayout,
  setConnectAccount,
} from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';

const { control, client: stripe } = billingStripe();
const { settled } = useLocalWorkflows();

const ADMIN = `admin-${randomUUID()}`;
const claims = idTokenClaims({ sub: ADMIN, email: `${ADMIN}@example.com` });

const runMonth = (month_year: unknown) =>
  handler(
    apiEvent({ method: 'POST', path: '/api/admin/payout-runs', body: { month_year }, claims }),
    lambdaContext('payouts'),
  );

const auditOf = async (monthYear: string) => {
  const answer = await auditHandler(
    apiEvent({ path: '/api/admin/audit-log', claims }),
    lambdaContext('audit'),
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return jsonBody<AuditLogPage>(answer).items.filter(
    (entry) => entry.target_type === 'payout_run' && entry.target_id === monthYear,
  );
};

const transfersFor = async (payoutId: string) =>
  (await control.events({ type: 'transfer.created', limit: 10_000 }))
    .map((event) => event.data.object as Stripe.Transfer)
    .filter((transfer) => transfer.metadata.payout_id === payoutId);

/** An approved seller with an onboarded Express account and `downloads` in the month. */
const earningSeller = async (monthYear: string, downloads: number) => {
  const seller = await putApprovedSeller();
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'GB',
    capabilities: { transfers: { requested: true } },
    metadata: { user_id: seller.id },
  });
  await control.completeOnboarding(account.id);
  await setConnectAccount(seller.id, account.id);
  await putMonthDownloads(seller.id, monthYear, downloads);
  return seller;
};

const payoutOf = async (sellerId: string, monthYear: string) =>
  (await PayoutEntity.get({ seller_id: sellerId, month_year: monthYear }).go({ consistent: true }))
    .data;

beforeAll(async () => {
  await putProfile({ id: ADMIN, email: `${ADMIN}@example.com`, role: 'admin' });
});

describe('run payouts for a missed month', () => {
  it('runs the month once, audited, and a second run pays nobody twice', async () => {
    const month = '1998-03';
    const seller = await earningSeller(month, 2);
    await addToPool(month, 10_000);

    const answer = await runMonth(month);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(jsonBody<StartedPayoutRunResult>(answer)).toEqual({
      month_year: month,
      message: PAYOUT_RUN_MESSAGES.started('March 1998'),
    });
    await settled();

    const payout = await payoutOf(seller.id, month);
    expect(payout).toMatchObject({ status: 'completed' });
    expect(await transfersFor(payout!.id)).toHaveLength(1);
    const run = (await PayoutRunEntity.get({ month_year: month }).go({ consistent: true })).data;
    expect(run).toMatchObject({ status: 'completed', payouts_completed: expect.any(Number) });
    expect(await auditOf(month)).toEqual([
      expect.objectContaining({
        actor_id: ADMIN,
        action: 'payout_run.start',
        target_name: 'March 1998',
        after: { month: 'March 1998' },
      }),
    ]);

    const again = await runMonth(month);
    expect(again.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(
      PAYOUT_RUN_MESSAGES.alreadyRun('March 1998'),
    );
    await settled();
    expect(await transfersFor(payout!.id)).toHaveLength(1);
    expect(await auditOf(month)).toHaveLength(1);
  });

  it('starts one run when two admins click at the same moment', async () => {
    const month = '1998-04';
    const seller = await earningSeller(month, 1);
    await addToPool(month, 5_000);

    const answers = await Promise.all([runMonth(month), runMonth(month)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    await settled();

    const payout = await payoutOf(seller.id, month);
    expect(payout).toMatchObject({ status: 'completed' });
    expect(await transfersFor(payout!.id)).toHaveLength(1);
    expect(await auditOf(month)).toHaveLength(1);
  });

  it('refuses a month that has not ended, and a month that is not a month', async () => {
    const thisMonth = new Date().toISOString().slice(0, 7);
    const current = await runMonth(thisMonth);
    expect(current.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(current).message).toMatch(/can be run once the month has ended/);
    expect(await auditOf(thisMonth)).toEqual([]);

    for (const bad of ['2026-13', 'July', 42]) {
      const answer = await runMonth(bad);
      expect(answer.statusCode).toBe(400);
      expect(jsonBody<ApiErrorBody>(answer).message).toContain(PAYOUT_RUN_MESSAGES.monthFormat);
    }
  });
});

describe('payout runs list', () => {
  const put = (monthYear: string, status: 'running' | 'completed', leaseUntil: string) =>
    PayoutRunEntity.put({
      month_year: monthYear,
      status,
      lease_until: leaseUntil,
      started_at: `${monthYear}-28T00:00:00.000Z`,
      ...(status === 'completed' ? { completed_at: `${monthYear}-28T00:05:00.000Z` } : {}),
      pool_amount: 0,
      total_downloads: 0,
      payouts_created: 3,
    }).go();

  it('lists the months owed since the oldest run of the year: completed, running or missed', async () => {
    const now = new Date('2040-06-15T12:00:00.000Z');
    await put('2040-01', 'completed', '2040-02-01T00:15:00.000Z');
    await put('2040-03', 'running', '2040-06-15T12:10:00.000Z');
    // A run whose lease passed crashed: it counts as missed.
    await put('2040-04', 'running', '2040-05-01T00:15:00.000Z');

    const { months } = await listPayoutRuns(now);
    expect(months.map((month) => [month.month_year, month.state])).toEqual([
      ['2040-05', 'missed'],
      ['2040-04', 'missed'],
      ['2040-03', 'running'],
      ['2040-02', 'missed'],
      ['2040-01', 'completed'],
    ]);
    expect(months.at(-1)).toMatchObject({ payouts_created: 3, completed_at: expect.any(String) });
  });

  it("says how a run month's payouts stand now: one paid and one pending is partly paid", async () => {
    const now = new Date('2041-06-15T12:00:00.000Z');
    await put('2041-04', 'completed', '2041-05-01T00:15:00.000Z');
    await put('2041-05', 'completed', '2041-06-01T00:15:00.000Z');
    await putPayout({
      seller_id: `seller-${randomUUID()}`,
      month_year: '2041-05',
      status: 'completed',
    });
    await putPayout({
      seller_id: `seller-${randomUUID()}`,
      month_year: '2041-05',
      status: 'pending',
    });
    await putPayout({
      seller_id: `seller-${randomUUID()}`,
      month_year: '2041-04',
      status: 'completed',
    });

    const { months } = await listPayoutRuns(now);
    const [may, april] = months;
    expect(may!.payouts).toEqual({
      pending: 1,
      processing: 0,
      completed: 1,
      failed: 0,
      cancelled: 0,
    });
    expect(payoutMonthStanding(may!.payouts)).toEqual({
      standing: 'partly',
      label: 'Partly paid',
      counts: 'Paid 1 · Pending 1',
    });
    expect(payoutMonthStanding(april!.payouts)).toMatchObject({ label: 'Paid', counts: 'Paid 1' });
  });

  it('owes only last month when no run happened in the last year', async () => {
    const { months } = await listPayoutRuns(new Date('2045-06-15T12:00:00.000Z'));
    expect(months).toEqual([
      {
        month_year: '2045-05',
        state: 'missed',
        started_at: null,
        completed_at: null,
        payouts_created: null,
        payouts: { pending: 0, processing: 0, completed: 0, failed: 0, cancelled: 0 },
      },
    ]);
  });
});
