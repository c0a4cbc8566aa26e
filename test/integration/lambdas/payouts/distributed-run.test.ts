/**
 * The monthly-payouts Transfers step as a Distributed Map, run locally (the same ASL; the local
 * runner reads Prepare's list object from s3rver, batches it, runs each batch as a child
 * execution and writes the results to S3: lib/local/cloud/distributed-map.ts), with the real task
 * functions, DynamoDB Local and the local Stripe server. Batches of 3 here, so a few sellers make
 * several batches.
 *
 * Each seller is paid exactly once: in a run of several batches, when a transfer's answer is lost
 * and the batch tries again, when a batch is run a second time, and when the month runs twice. A
 * transfer that keeps failing leaves its payout owed for the next run and the run succeeds; when
 * every batch fails, the map's tolerated failure percentage fails the run, and the next run pays.
 * A batch pays a few payouts at a time, still each once. A Prepare that fails after creating the
 * month's rows and is retried counts those rows as its execution's own.
 */
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageDesign } from '../../../../contract/design/storage-design';
import { startMonthlyPayouts } from '../../../../lambdas/payouts/tasks/start-monthly-payouts';
import { handler as transferTask } from '../../../../lambdas/payouts/tasks/transfer-payout';
import { PAYOUTS_IN_FLIGHT } from '../../../../lambdas/payouts/transfer-batch';
import { stripe as productStripe } from '../../../../lambdas/shared/adapters/stripe';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { config } from '../../../../lambdas/shared/config';
import { PayoutEntity, type PayoutItem } from '../../../../lambdas/shared/db/entities/payout';
import { PayoutRunEntity } from '../../../../lambdas/shared/db/entities/payout-run';
import { readObject, s3 } from '../../../../lambdas/shared/storage/s3';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { billingStripe } from '../../../fixtures/billing';
import {
  addToPool,
  putApprovedSeller,
  putMonthDownloads,
  setConnectAccount,
} from '../../../fixtures/payouts';

const { control, client: stripe } = billingStripe();

const failures: unknown[] = [];
const logged: string[] = [];
const runner = createLocalWorkflowRunner({
  retryIntervalMs: 10,
  maxItemsPerBatch: 3,
  log: (line) => logged.push(line),
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
afterEach(() => {
  vi.restoreAllMocks();
  failures.length = 0;
});

const startMonth = async (...months: string[]) => {
  for (const month_year of months) await startMonthlyPayouts({ month_year });
  await Promise.all([...runner.running]);
};

const runMonth = async (...months: string[]) => {
  await startMonth(...months);
  expect(failures).toEqual([]);
};

const connectedSeller = async () => {
  const seller = await putApprovedSeller();
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'GB',
    capabilities: { transfers: { requested: true } },
    metadata: { user_id: seller.id },
  });
  await control.completeOnboarding(account.id);
  await setConnectAccount(seller.id, account.id);
  return { ...seller, accountId: account.id };
};

/** `count` connected sellers with 1, 2, … downloads in the month, and a pool. */
const sellersWithDownloads = async (month: string, count: number) => {
  const sellers = [];
  for (let index = 0; index < count; index += 1) {
    const seller = await connectedSeller();
    await putMonthDownloads(seller.id, month, index + 1);
    sellers.push(seller);
  }
  await addToPool(month, 100_000);
  return sellers;
};

const payoutOf = async (sellerId: string, monthYear: string): Promise<PayoutItem | null> =>
  (await PayoutEntity.get({ seller_id: sellerId, month_year: monthYear }).go({ consistent: true }))
    .data;

const transfersTo = async (accountId: string) =>
  (await control.events({ type: 'transfer.created', limit: 10_000 }))
    .map((event) => event.data.object as Stripe.Transfer)
    .filter((transfer) => transfer.destination === accountId);

const runOf = async (month: string) =>
  (await PayoutRunEntity.get({ month_year: month }).go({ consistent: true })).data;

/**
 * Makes the product's `transfers.create` misbehave for some destinations: `fail` throws before
 * Stripe sees the request, `loseAnswer` lets Stripe make the transfer and then throws (the answer
 * lost on the way back), once per destination.
 */
const breakTransfers = async (rules: { fail?: string[]; loseAnswer?: string[] }) => {
  const client = await productStripe();
  const original = client.transfers.create.bind(client.transfers);
  const answersLost = new Set<string>();
  const calls: string[] = [];
  vi.spyOn(client.transfers, 'create').mockImplementation((async (
    params: Stripe.TransferCreateParams,
    options?: Stripe.RequestOptions,
  ) => {
    calls.push(params.destination);
    if (rules.fail?.includes(params.destination)) throw new Error('connect ECONNRESET');
    const transfer = await original(params, options);
    if (rules.loseAnswer?.includes(params.destination) && !answersLost.has(params.destination)) {
      answersLost.add(params.destination);
      throw new Error('socket hang up');
    }
    return transfer;
  }) as never);
  return calls;
};

describe('monthly-payouts Transfers: a Distributed Map over the list in S3', () => {
  it('pays 7 sellers in batches of 3 once each, a lost answer, a batch run again and a second run included', async () => {
    const month = '2032-01';
    const sellers = await sellersWithDownloads(month, 7);
    const calls = await breakTransfers({ loseAnswer: [sellers[4]!.accountId] });

    await runMonth(month);

    for (const seller of sellers) {
      const row = await payoutOf(seller.id, month);
      expect(row).toMatchObject({ status: 'completed' });
      const [transfer, ...more] = await transfersTo(seller.accountId);
      expect(more).toEqual([]);
      expect(transfer).toMatchObject({
        id: row!.stripe_transfer_id,
        amount: row!.commission_amount,
      });
    }
    // The lost answer was asked again (same idempotency key): two calls, one transfer.
    expect(calls.filter((destination) => destination === sellers[4]!.accountId)).toHaveLength(2);
    expect(await runOf(month)).toMatchObject({
      status: 'completed',
      payouts_created: 7,
      payouts_completed: 7,
      payouts_failed: 0,
      payouts_pending: 0,
    });
    expect(logged.filter((line) => line.includes('Distributed Map'))).toHaveLength(1);

    // The list went through S3, one line per payout, under the run's own key.
    const run = await runOf(month);
    const list = await readObject(
      config().MVP_FILES_BUCKET,
      `${storageDesign.payoutListsPrefix}${month}/${run!.execution_name}.jsonl`,
    );
    const lines = new TextDecoder().decode(list!).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).seller_id).sort()).toEqual(
      sellers.map((seller) => seller.id).sort(),
    );

    // The map wrote its results as ResultWriter does: a manifest and one file of batches.
    const { sdk, client } = await s3();
    const listed = await client.send(
      new sdk.ListObjectsV2Command({
        Bucket: config().MVP_FILES_BUCKET,
        Prefix: storageDesign.payoutResultsPrefix,
      }),
    );
    const manifests = (listed.Contents ?? []).filter((o) => o.Key!.endsWith('/manifest.json'));
    expect(manifests).toHaveLength(1);
    const read = async (key: string) =>
      JSON.parse(new TextDecoder().decode((await readObject(config().MVP_FILES_BUCKET, key))!));
    const manifest = await read(manifests[0]!.Key!);
    expect(manifest.ResultFiles.FAILED).toEqual([]);
    const succeeded = await read(manifest.ResultFiles.SUCCEEDED[0].Key);
    expect(
      succeeded.map((entry: { Input: string }) => JSON.parse(entry.Input).Items.length).sort(),
    ).toEqual([1, 3, 3]);
    expect(JSON.parse(succeeded[0].Input).BatchInput).toEqual({ month_year: month });

    // A batch Step Functions runs a second time pays nobody again.
    const batch = {
      BatchInput: { month_year: month },
      Items: sellers.slice(0, 3).map((seller) => ({ seller_id: seller.id, month_year: month })),
    };
    expect(await transferTask(batch)).toEqual({ outcomes: { completed: 3 } });

    // And so does the month run again, one run after the other and two at once.
    await runMonth(month);
    await runMonth(month, month);
    for (const seller of sellers) expect(await transfersTo(seller.accountId)).toHaveLength(1);
    expect(await runOf(month)).toMatchObject({ payouts_created: 0, payouts_completed: 7 });
  });

  it('leaves a payout whose transfer keeps failing owed for the next run, and the run succeeds', async () => {
    const [month, next] = ['2032-02', '2032-03'];
    const sellers = await sellersWithDownloads(month, 6);
    const unlucky = sellers[2]!;
    await breakTransfers({ fail: [unlucky.accountId] });

    await runMonth(month);

    // Started, never sent: processing with its idempotency key, which the next run resumes.
    expect(await payoutOf(unlucky.id, month)).toMatchObject({ status: 'processing' });
    expect(await transfersTo(unlucky.accountId)).toEqual([]);
    for (const seller of sellers.filter((candidate) => candidate !== unlucky)) {
      expect((await payoutOf(seller.id, month))?.status).toBe('completed');
    }
    expect(await runOf(month)).toMatchObject({
      status: 'completed',
      payouts_completed: 5,
      payouts_pending: 1,
    });

    vi.restoreAllMocks();
    await runMonth(next);
    await runMonth(next);
    expect(await payoutOf(unlucky.id, month)).toMatchObject({ status: 'completed' });
    expect(await transfersTo(unlucky.accountId)).toHaveLength(1);
  });

  it('fails the run when more payouts fail than the map tolerates; the next run pays them once', async () => {
    const [month, next] = ['2032-04', '2032-05'];
    const [seller] = await sellersWithDownloads(month, 1);
    await breakTransfers({ fail: [seller!.accountId] });

    await startMonth(month);

    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toMatch(/ExceedToleratedFailureThreshold|tolerates/);
    failures.length = 0;
    expect(await payoutOf(seller!.id, month)).toMatchObject({ status: 'processing' });
    // The failed execution never finished its run: the month stays with it until its lease ends.
    expect((await runOf(month))?.status).toBe('running');

    vi.restoreAllMocks();
    await runMonth(next);
    expect(await payoutOf(seller!.id, month)).toMatchObject({ status: 'completed' });
    expect(await transfersTo(seller!.accountId)).toHaveLength(1);
  });

  it('counts the rows a retried Prepare created before it failed as created by the run', async () => {
    const month = '2032-06';
    const sellers = await sellersWithDownloads(month, 4);
    // The list's write fails once, after the rows were created: Step Functions retries Prepare.
    const { client } = await s3();
    const send = client.send.bind(client);
    let listWrites = 0;
    vi.spyOn(client, 'send').mockImplementation((async (command: {
      input: { Key?: string };
      constructor: { name: string };
    }) => {
      const key = command.input.Key ?? '';
      if (command.constructor.name === 'PutObjectCommand' && key.includes(`/${month}/`)) {
        listWrites += 1;
        if (listWrites === 1) throw new Error('socket hang up');
      }
      return send(command as never);
    }) as never);

    await runMonth(month);

    expect(listWrites).toBe(2);
    for (const seller of sellers) expect(await transfersTo(seller.accountId)).toHaveLength(1);
    expect(await runOf(month)).toMatchObject({
      status: 'completed',
      payouts_created: 4,
      payouts_completed: 4,
    });

    // A later execution of the month finds the same rows and created none of them.
    vi.restoreAllMocks();
    await runMonth(month);
    expect(await runOf(month)).toMatchObject({ payouts_created: 0, payouts_completed: 4 });
  });

  it('pays a batch a few payouts at a time, each once, a lost answer included', async () => {
    const month = '2032-07';
    const sellers = await sellersWithDownloads(month, 7);
    const { preparePayoutRun } = await import('../../../../lambdas/payouts/run');
    await preparePayoutRun({ monthYear: month, executionName: 'in-flight' });
    const client = await productStripe();
    const original = client.transfers.create.bind(client.transfers);
    let inFlight = 0;
    let most = 0;
    const lost = new Set<string>();
    // A barrier, not a sleep: the first transfers wait until the limit's worth are in flight at
    // once, however slowly a busy machine starts them. Should fewer ever run together, the
    // fallback lets them go after 10 s and the count below says so (no hang).
    let releaseFirstWave!: () => void;
    const firstWave = new Promise<void>((resolve) => (releaseFirstWave = resolve));
    const fallback = setTimeout(() => releaseFirstWave(), 10_000);
    vi.spyOn(client.transfers, 'create').mockImplementation((async (
      params: Stripe.TransferCreateParams,
      options?: Stripe.RequestOptions,
    ) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      if (inFlight === PAYOUTS_IN_FLIGHT) releaseFirstWave();
      try {
        await firstWave;
        const transfer = await original(params, options);
        if (params.destination === sellers[1]!.accountId && !lost.has(params.destination)) {
          lost.add(params.destination);
          throw new Error('socket hang up');
        }
        return transfer;
      } finally {
        inFlight -= 1;
      }
    }) as never);
    const batch = {
      BatchInput: { month_year: month },
      Items: sellers.map((seller) => ({ seller_id: seller.id, month_year: month })),
    };

    expect(await transferTask(batch)).toEqual({ outcomes: { completed: 7 } });
    clearTimeout(fallback);

    expect(most).toBe(PAYOUTS_IN_FLIGHT);
    for (const seller of sellers) {
      expect(await payoutOf(seller.id, month)).toMatchObject({ status: 'completed' });
      expect(await transfersTo(seller.accountId)).toHaveLength(1);
    }
    // The same batch again (a retry, a child run twice) pays nobody a second time.
    expect(await transferTask(batch)).toEqual({ outcomes: { completed: 7 } });
    for (const seller of sellers) expect(await transfersTo(seller.accountId)).toHaveLength(1);
  });
});
