/**
 * The monthly payout run at two sizes, 1,000 approved sellers with 100,000 downloads in one month
 * and 10,000 with 1,000,000, measured locally: DynamoDB Local, s3rver and the local
 * Stripe-compatible server, every seller with an onboarded Connect account. Other sizes:
 * `PAYOUTS_BENCH_SIZES=1000x100000,3000x300000`; `PAYOUTS_BENCH_STEPS=run` skips the
 * Prepare-alone measurement; `PAYOUTS_BENCH_ROWS=none` seeds the month's counters without the
 * download rows (seedMonth); `PAYOUTS_BENCH_PROFILE=<dir>` writes each child's CPU profile.
 *
 * - prepare: the Prepare step alone (take the month, the pool, each seller's downloads counted
 *   and one-time sales read, the split, the payout rows created, the list written to S3);
 * - run: the whole state machine from scratch (aws-local-stepfunctions with the real tasks:
 *   Prepare, the Transfers Distributed Map in batches, Finish), started as the schedule starts it.
 *
 * Each runs in a fresh child process, as a new Lambda container would, reporting wall time, the
 * process's peak RSS (resourceUsage().maxRSS), its heap at the end and what of it a full collection
 * keeps (`retained_mb`), and the DynamoDB commands it sent; the emulators run
 * in the parent. Downloads are skewed over the sellers (a few sell most), as marketplaces are.
 * DynamoDB Local and the local Stripe server say nothing about cloud latency: read the figures as
 * the cost's shape (commands, memory), not as production times.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import getPort from 'get-port';

interface Size {
  sellers: number;
  downloads: number;
}
const SIZES: Size[] = (process.env.PAYOUTS_BENCH_SIZES ?? '1000x100000,10000x1000000')
  .split(',')
  .map((size) => {
    const [sellers, downloads] = size.split('x').map(Number);
    return { sellers: sellers!, downloads: downloads! };
  });
const STEPS = (process.env.PAYOUTS_BENCH_STEPS ?? 'prepare,run').split(',') as Step[];
type Step = 'prepare' | 'run';
/** The month's subscription revenue per 1,000 sellers: £12,345.67. */
const POOL_PER_1000 = 1_234_567;
/** Sellers with one-time sales in the month (3 sales each), per 1,000 sellers. */
const SELLERS_WITH_SALES_PER_1000 = 50;
const MONTH = '2031-07';
const PREVIOUS_MONTH = '2031-06';
/** `none`: the month's counters without the download rows (see seedMonth). */
const WITH_ROWS = process.env.PAYOUTS_BENCH_ROWS !== 'none';
/** Parallel BatchWriteItem writers while seeding. */
const SEED_WRITERS = 8;

type Row = Record<string, number | string>;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Downloads per seller: a Zipf-like share (exponent 0.8), adding up to `downloads` exactly. */
export const downloadCounts = (sellers: number, downloads: number): number[] => {
  const weights = Array.from({ length: sellers }, (_, i) => 1 / (i + 1) ** 0.8);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.floor((downloads * weight) / total));
  let left = downloads - counts.reduce((sum, count) => sum + count, 0);
  for (let i = 0; left > 0; i = (i + 1) % sellers, left -= 1) counts[i]! += 1;
  return counts;
};

/** `PAYOUTS_BENCH_PROFILE=<dir>`: each measuring process writes a CPU profile there. */
const PROFILE_ARGS = process.env.PAYOUTS_BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PAYOUTS_BENCH_PROFILE}`]
  : [];

/** Runs this file again in a new Node process and returns the rows it printed. */
const runChild = (args: string[]): Promise<Row[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...PROFILE_ARGS, '--import', 'tsx', import.meta.filename, ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: process.env,
      },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`payouts bench ${args.join(' ')} exited ${code}`));
      resolve(
        text
          .split('\n')
          .filter((line) => line.startsWith('BENCH '))
          .map((line) => JSON.parse(line.slice('BENCH '.length)) as Row),
      );
    });
  });

/** Child: the size's sellers, Connect accounts and month, written to its table. */
const seed = async (size: Size): Promise<void> => {
  const { createLocalStripeControl } = await import('../fixtures/stripe-control');
  const endpoint = process.env.STRIPE_API_URL!;
  const server = {
    endpoint,
    control: createLocalStripeControl(endpoint, process.env.STRIPE_SECRET_KEY!),
  };
  const started = performance.now();
  const accounts = await connectAccounts(server, size.sellers);
  const accountsSeconds = (performance.now() - started) / 1000;
  const downloadsStarted = performance.now();
  await seedMonth(accounts, size);
  const seedSeconds = (performance.now() - downloadsStarted) / 1000;
  const row = { accounts_s: round(accountsSeconds), seed_s: round(seedSeconds) };
  console.log(`BENCH ${JSON.stringify(row)}`);
};

/**
 * The DynamoDB commands the process sends, counted by name. Not the tests' recorder
 * (test/fixtures/dynamodb-commands.ts), which keeps each command's input: tens of thousands of
 * transactions' inputs would be the bench's own memory, not the run's.
 */
const countDynamoDbCommands = async (): Promise<Map<string, number>> => {
  const { documentClient } = await import('../../lambdas/shared/db/client');
  const counts = new Map<string, number>();
  documentClient().middlewareStack.add(
    (next, context) => (args) => {
      const name = context.commandName ?? 'unknown';
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'countCommandsForBench' },
  );
  return counts;
};

/**
 * The heap still reachable after a full collection: what the run keeps, where peak RSS and
 * `heap_mb` also count garbage V8 had not collected yet (it lets the heap grow while a run
 * allocates fast).
 */
const retainedHeapMb = (): number => {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return mb(process.memoryUsage().heapUsed);
};

/** Child: one measurement in a fresh process. */
const measure = async (what: Step, size: Size): Promise<void> => {
  const importStarted = performance.now();
  const { PayoutRunEntity } = await import('../../lambdas/shared/db/entities/payout-run');
  const commands = await countDynamoDbCommands();
  let detail: Row;
  let started: number;
  if (what === 'prepare') {
    const { preparePayoutRun } = await import('../../lambdas/payouts/run');
    const importMs = performance.now() - importStarted;
    started = performance.now();
    const prepared = await preparePayoutRun({ monthYear: MONTH, executionName: 'bench-prepare' });
    if (!prepared.acquired) throw new Error('The bench month is held by another run');
    detail = {
      import_ms: round(importMs),
      payouts_created: prepared.payouts_created,
      to_transfer: prepared.payouts_to_transfer,
      state_kb: round(Buffer.byteLength(JSON.stringify(prepared)) / 1024, 2),
    };
  } else {
    const { setWorkflowRunner } = await import('../../lambdas/shared/adapters/workflow');
    const { createLocalWorkflowRunner } = await import('../../lib/local/cloud/state-machines');
    const { handler } = await import('../../lambdas/payouts/tasks/start-monthly-payouts');
    const importMs = performance.now() - importStarted;
    const failures: unknown[] = [];
    const runner = createLocalWorkflowRunner({
      log: () => undefined,
      onSettled: (_execution, outcome) => {
        if (!outcome.ok) failures.push(outcome.error);
      },
    });
    setWorkflowRunner(runner);
    started = performance.now();
    await handler({ month_year: MONTH });
    await Promise.all([...runner.running]);
    if (failures.length > 0) throw new Error(`The run failed: ${String(failures[0])}`);
    const run = (await PayoutRunEntity.get({ month_year: MONTH }).go({ consistent: true })).data;
    detail = {
      import_ms: round(importMs),
      payouts_created: run?.payouts_created ?? 0,
      completed: run?.payouts_completed ?? 0,
      failed: run?.payouts_failed ?? 0,
      pending: run?.payouts_pending ?? 0,
    };
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const heapMb = mb(process.memoryUsage().heapUsed);
  const row: Row = {
    step: what,
    sellers: size.sellers,
    downloads: size.downloads,
    wall_s: round(wallSeconds, 2),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    heap_mb: heapMb,
    retained_mb: retainedHeapMb(),
    dynamodb_commands: [...commands.values()].reduce((sum, count) => sum + count, 0),
    queries: commands.get('QueryCommand') ?? 0,
    ...detail,
  };
  console.log(`BENCH ${JSON.stringify(row)}`);
};

/** Parent: emulators, Connect accounts, each size's month; then the measurements. */
const main = async (): Promise<void> => {
  const { startDynamoDb, startS3 } = await import('../../lib/local/emulators/index');
  const { applyLambdaEnvironment, generateLocalSecrets, lambdaEnvironment } =
    await import('../../lib/local/cloud/lambda-env');
  const { createDynamoClient, createS3Client, ensureBuckets, ensureTable } =
    await import('../../lib/local/emulators/resources');
  const { startLocalStripe } = await import('../../lib/local/servers/stripe/index');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'payouts-bench-'));
  const dynamo = await startDynamoDb({ port: await getPort() });
  const s3 = await startS3({ port: await getPort(), directory: path.join(dataDir, 's3') });
  let stripeServer: Awaited<ReturnType<typeof startLocalStripe>> | undefined;
  const rows: Row[] = [];
  try {
    const buckets = { mvpFiles: 'bench-files', previewImages: 'bench-previews' };
    await ensureBuckets(createS3Client(s3.endpoint), buckets);
    // The Lambdas' variables (the same Stripe key throughout), each size with its own table.
    const secrets = generateLocalSecrets();
    const useTable = (tableName: string) => {
      applyLambdaEnvironment(
        lambdaEnvironment({
          tableName,
          buckets,
          userPoolId: 'local_bench',
          userPoolClientId: 'bench',
          endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: dynamo.endpoint },
          betaAccess: false,
          secrets,
        }),
      );
      process.env.POWERTOOLS_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'SILENT';
      process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    };
    useTable('bench-payouts');
    stripeServer = await startLocalStripe({
      port: 0,
      secretKey: process.env.STRIPE_SECRET_KEY!,
      webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!,
    });
    for (const size of SIZES) {
      const tableName = `bench-payouts-${size.sellers}`;
      useTable(tableName);
      process.env.STRIPE_API_URL = stripeServer.endpoint;
      await ensureTable(createDynamoClient(dynamo.endpoint), tableName);
      rows.push(...(await measureSize(stripeServer, size)));
    }
  } finally {
    await stripeServer?.stop();
    await s3.stop();
    await dynamo.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('\nMonthly payouts: all sizes');
  console.table(
    rows.map(({ step, sellers, downloads, wall_s, peak_rss_mb, heap_mb, retained_mb }) => ({
      step,
      sellers,
      downloads,
      wall_s,
      peak_rss_mb,
      heap_mb,
      retained_mb,
    })),
  );
};

/** One size: its sellers and month seeded, then each step in a fresh child process. */
const measureSize = async (
  stripeServer: {
    endpoint: string;
    control: {
      completeOnboarding(id: string): Promise<unknown>;
      events(filter: { type: string; limit: number }): Promise<unknown[]>;
    };
  },
  size: Size,
): Promise<Row[]> => {
  // Seeding runs in a child too: the entities of a process keep the table they first used.
  const args = ['measure', String(size.sellers), String(size.downloads)];
  const [seeded] = await runChild([...args, 'seed']);
  console.log(
    `Seeded ${size.sellers} onboarded Connect accounts in ${seeded!.accounts_s} s, ` +
      `${size.sellers} sellers and ${size.downloads} downloads in ${MONTH} in ${seeded!.seed_s} s.`,
  );
  // Listed from the transfers themselves: the local server's event log keeps its newest 2,000.
  const transfersSoFar = async () => {
    const { default: Stripe } = await import('stripe');
    const url = new URL(stripeServer.endpoint);
    const client = new Stripe(process.env.STRIPE_SECRET_KEY!, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
    let count = 0;
    for await (const _transfer of client.transfers.list({ limit: 100 })) count += 1;
    return count;
  };
  const rows: Row[] = [];
  if (STEPS.includes('prepare')) {
    rows.push(...(await runChild([...args, 'prepare'])));
    await runChild([...args, 'forget']);
  }
  const before = await transfersSoFar();
  if (STEPS.includes('run')) rows.push(...(await runChild([...args, 'run'])));
  const transfers = (await transfersSoFar()) - before;

  console.log(
    `\nMonthly payouts: ${size.sellers} sellers, ${size.downloads} downloads in one month`,
  );
  console.table(
    rows.map((row) => ({
      step: row.step,
      wall_s: row.wall_s,
      peak_rss_mb: row.peak_rss_mb,
      heap_mb: row.heap_mb,
      retained_mb: row.retained_mb,
      import_ms: row.import_ms,
      dynamodb_commands: row.dynamodb_commands,
      queries: row.queries,
      payouts_created: row.payouts_created,
    })),
  );
  const prepare = rows.find((row) => row.step === 'prepare');
  const run = rows.find((row) => row.step === 'run');
  if (run)
    console.log(
      `run: ${run.completed} completed, ${run.failed} failed, ${run.pending} pending; ` +
        `${transfers} transfers at the local Stripe server.`,
    );
  if (prepare)
    console.log(
      `Prepare's output (the state the Map starts from): ${prepare.to_transfer} payouts listed ` +
        `in S3, ${prepare.state_kb} KB of Step Functions' 256 KB.`,
    );
  return rows;
};

/**
 * A seeding write again after a client timeout (DynamoDB Local on a busy machine can take longer
 * than the product's request timeout): puts of the same items, so repeating them is harmless.
 */
const patiently = async (write: () => Promise<void>): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt === 5 || (error as { name?: string }).name !== 'TimeoutError') throw error;
    }
  }
};

const sellerIds = (count: number) =>
  Array.from({ length: count }, (_, index) => `bench-seller-${String(index).padStart(5, '0')}`);

interface SellerAccount {
  sellerId: string;
  accountId: string;
}

/** One onboarded Express account per seller, 20 requests at a time. */
const connectAccounts = async (
  server: { endpoint: string; control: { completeOnboarding(id: string): Promise<unknown> } },
  count: number,
): Promise<SellerAccount[]> => {
  const { default: Stripe } = await import('stripe');
  const { STRIPE_API_VERSION } = await import('../../lambdas/shared/adapters/stripe');
  const url = new URL(server.endpoint);
  const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
  const accounts: SellerAccount[] = [];
  const ids = sellerIds(count);
  for (let start = 0; start < count; start += 20) {
    accounts.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, count - start) }, async (_, offset) => {
          const sellerId = ids[start + offset]!;
          const account = await stripe.accounts.create({
            type: 'express',
            country: 'GB',
            capabilities: { transfers: { requested: true } },
            metadata: { user_id: sellerId },
          });
          await server.control.completeOnboarding(account.id);
          return { sellerId, accountId: account.id };
        }),
      )),
    );
  }
  return accounts;
};

/**
 * The sellers (approved, connected), their month's downloads and sales, and the pool. Downloads
 * are written a group of sellers at a time (a million items never sit in memory at once), with
 * BatchWriteItem: the rows, and each seller's month counter holding what the download path would
 * have added to it, one download at a time, in each download's transaction. One counter of the
 * month before says the counters began earlier, so the month paid is a counted month (Prepare
 * reads its counters, not its rows). `PAYOUTS_BENCH_ROWS=none` writes the counters only: Prepare
 * reads the same, and seeding takes seconds instead of many minutes (DynamoDB Local writes about
 * 1,500 rows a second with their three indexes).
 */
const seedMonth = async (accounts: SellerAccount[], size: Size): Promise<void> => {
  const { ProfileEntity } = await import('../../lambdas/shared/db/entities/profile');
  const { ConnectAccountEntity } = await import('../../lambdas/shared/db/entities/connect-account');
  const { connectAccountItem } = await import('../fixtures/stripe-fields');
  const { DownloadEntity } = await import('../../lambdas/shared/db/entities/download');
  const { OrderEntity } = await import('../../lambdas/shared/db/entities/order');
  const { CounterEntity, sellerMonthBucket } =
    await import('../../lambdas/shared/db/entities/counter');
  const { approvedSellerItem, addToPool, monthDownloadItems } = await import('../fixtures/payouts');
  const { templateOrder } = await import('../fixtures/orders');

  await ProfileEntity.batchPut(
    accounts.map((account, index) =>
      approvedSellerItem({
        id: account.sellerId,
        role: index % 5 === 0 ? 'both' : 'seller',
        username: account.sellerId,
      }),
    ),
  );
  await ConnectAccountEntity.batchPut(
    accounts.map((account) => connectAccountItem(account.sellerId, account.accountId)),
  );
  const counts = downloadCounts(accounts.length, size.downloads);
  const counter = (sellerId: string, monthYear: string, value: number) => ({
    name: 'seller_downloads' as const,
    bucket: sellerMonthBucket(monthYear, sellerId),
    shard: 0,
    value,
    updated_at: `${monthYear}-28T00:00:00.000Z`,
  });
  await patiently(() =>
    CounterEntity.batchPut([
      counter(accounts[0]!.sellerId, PREVIOUS_MONTH, 1),
      ...accounts.map((account, index) => counter(account.sellerId, MONTH, counts[index]!)),
    ]),
  );
  let buyer = 0;
  for (let first = 0; WITH_ROWS && first < accounts.length;) {
    const downloads: ReturnType<typeof monthDownloadItems> = [];
    for (; first < accounts.length && downloads.length < 50_000; first += 1) {
      const items = monthDownloadItems(accounts[first]!.sellerId, MONTH, counts[first]!, {
        firstBuyer: buyer,
      });
      buyer += items.length;
      downloads.push(...items);
    }
    const slice = Math.ceil(downloads.length / SEED_WRITERS);
    await Promise.all(
      Array.from({ length: SEED_WRITERS }, (_, writer) =>
        patiently(() =>
          DownloadEntity.batchPut(downloads.slice(writer * slice, (writer + 1) * slice)),
        ),
      ),
    );
  }
  const withSales = Math.round((SELLERS_WITH_SALES_PER_1000 * size.sellers) / 1000);
  await OrderEntity.batchPut(
    accounts.slice(0, withSales).flatMap((account) =>
      [999, 1_999, 4_999].map((amount, sale) =>
        templateOrder(
          `bench-buyer-${sale}`,
          {
            id: `bench-mvp-${account.sellerId}`,
            title: 'Bench kit',
            seller_id: account.sellerId,
          },
          amount,
          { created_at: `${MONTH}-1${sale}T12:00:00.000Z` },
        ),
      ),
    ),
  );
  await addToPool(MONTH, Math.round((POOL_PER_1000 * size.sellers) / 1000));
};

/** Removes what the prepare measurement wrote, so the whole run starts from scratch. */
const forgetMonth = async (sellerIds: string[]): Promise<void> => {
  const { PayoutEntity } = await import('../../lambdas/shared/db/entities/payout');
  const { PayoutRunEntity } = await import('../../lambdas/shared/db/entities/payout-run');
  for (let start = 0; start < sellerIds.length; start += 50) {
    await Promise.all(
      sellerIds
        .slice(start, start + 50)
        .map((sellerId) => PayoutEntity.delete({ seller_id: sellerId, month_year: MONTH }).go()),
    );
  }
  await PayoutRunEntity.delete({ month_year: MONTH }).go();
};

const [command, sellers, downloads, what] = process.argv.slice(2);
const size = { sellers: Number(sellers), downloads: Number(downloads) };
if (command !== 'measure') await main();
else if (what === 'seed') await seed(size);
else if (what === 'forget') await forgetMonth(sellerIds(size.sellers));
else await measure(what as Step, size);
