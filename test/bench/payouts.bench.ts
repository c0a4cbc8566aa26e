/**
 * The monthly payout run at 1,000 approved sellers and 100,000 downloads in one month,
 * measured locally: DynamoDB Local and the local Stripe-compatible server, every seller with an
 * onboarded Connect account.
 *
 * - prepare: the Prepare step alone (take the month, the pool, 1,000 sellers' downloads counted
 *   and one-time sales read, the split, 1,000 payout rows created);
 * - run: the whole state machine from scratch (aws-local-stepfunctions with the real tasks:
 *   Prepare, 1,000 transfers at most 5 at a time, Finish), started as the schedule starts it.
 *
 * Each runs in a fresh child process, as a new Lambda container would, reporting wall time, the
 * process's peak RSS (resourceUsage().maxRSS) and the DynamoDB commands it sent; the emulators run
 * in the parent. Downloads are skewed over the sellers (a few sell most), as marketplaces are.
 * DynamoDB Local and the local Stripe server say nothing about cloud latency: read the figures as
 * the cost's shape (commands, memory), not as production times.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import getPort from 'get-port';

const SELLERS = 1_000;
const DOWNLOADS = 100_000;
/** The month's subscription revenue: £12,345.67. */
const POOL = 1_234_567;
/** Sellers with one-time sales in the month (3 sales each). */
const SELLERS_WITH_SALES = 50;
const MONTH = '2031-07';
/** Parallel BatchWriteItem writers while seeding. */
const SEED_WRITERS = 8;

type Row = Record<string, number | string>;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Downloads per seller: a Zipf-like share (exponent 0.8), adding up to DOWNLOADS exactly. */
export const downloadCounts = (sellers: number, downloads: number): number[] => {
  const weights = Array.from({ length: sellers }, (_, i) => 1 / (i + 1) ** 0.8);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.floor((downloads * weight) / total));
  let left = downloads - counts.reduce((sum, count) => sum + count, 0);
  for (let i = 0; left > 0; i = (i + 1) % sellers, left -= 1) counts[i]! += 1;
  return counts;
};

/** Runs this file again in a new Node process and returns the rows it printed. */
const runChild = (args: string[]): Promise<Row[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
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

/** Child: one measurement in a fresh process. */
const measure = async (what: 'prepare' | 'run'): Promise<void> => {
  const importStarted = performance.now();
  const { recordDynamoDbCommands } = await import('../fixtures/dynamodb-commands');
  const { PayoutRunEntity } = await import('../../lambdas/shared/db/entities/payout-run');
  const commands = recordDynamoDbCommands();
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
      state_kb: round(Buffer.byteLength(JSON.stringify(prepared)) / 1024),
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
  const row: Row = {
    step: what,
    sellers: SELLERS,
    downloads: DOWNLOADS,
    wall_s: round(wallSeconds, 2),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    heap_mb: mb(process.memoryUsage().heapUsed),
    dynamodb_commands: commands.sent.length,
    queries: commands.count('Query'),
    ...detail,
  };
  console.log(`BENCH ${JSON.stringify(row)}`);
};

/** Parent: emulators, Connect accounts, the month's data; then the two measurements. */
const main = async (): Promise<void> => {
  const { startDynamoDb } = await import('../../lib/local/emulators/index');
  const { applyLambdaEnvironment, lambdaEnvironment } =
    await import('../../lib/local/cloud/lambda-env');
  const { createDynamoClient, ensureTable } = await import('../../lib/local/emulators/resources');
  const { startLocalStripe } = await import('../../lib/local/servers/stripe/index');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'payouts-bench-'));
  const dynamo = await startDynamoDb({ port: await getPort() });
  let stripeServer: Awaited<ReturnType<typeof startLocalStripe>> | undefined;
  try {
    const tableName = 'bench-payouts';
    applyLambdaEnvironment(
      lambdaEnvironment({
        tableName,
        buckets: { mvpFiles: 'bench-files', previewImages: 'bench-previews' },
        userPoolId: 'local_bench',
        userPoolClientId: 'bench',
        endpoints: { dynamodb: dynamo.endpoint, s3: dynamo.endpoint, cognito: dynamo.endpoint },
        betaAccess: false,
      }),
    );
    process.env.POWERTOOLS_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'SILENT';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    stripeServer = await startLocalStripe({
      port: 0,
      secretKey: process.env.STRIPE_SECRET_KEY!,
      webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!,
    });
    process.env.STRIPE_API_URL = stripeServer.endpoint;
    await ensureTable(createDynamoClient(dynamo.endpoint), tableName);

    const seedStarted = performance.now();
    const accounts = await connectAccounts(stripeServer, SELLERS);
    const accountsSeconds = (performance.now() - seedStarted) / 1000;
    const downloadsStarted = performance.now();
    await seedMonth(accounts);
    const seedSeconds = (performance.now() - downloadsStarted) / 1000;
    console.log(
      `Seeded ${SELLERS} onboarded Connect accounts in ${round(accountsSeconds)} s, ` +
        `${SELLERS} sellers and ${DOWNLOADS} downloads in ${MONTH} in ${round(seedSeconds)} s.`,
    );

    const [prepare] = await runChild(['measure', 'prepare']);
    await forgetMonth(accounts.map((account) => account.sellerId));
    const [run] = await runChild(['measure', 'run']);
    const transfers = (
      await stripeServer.control.events({ type: 'transfer.created', limit: 10_000 })
    ).length;

    console.log(`\nMonthly payouts: ${SELLERS} sellers, ${DOWNLOADS} downloads in one month`);
    console.table(
      [prepare!, run!].map((row) => ({
        step: row.step,
        wall_s: row.wall_s,
        peak_rss_mb: row.peak_rss_mb,
        heap_mb: row.heap_mb,
        import_ms: row.import_ms,
        dynamodb_commands: row.dynamodb_commands,
        queries: row.queries,
        payouts_created: row.payouts_created,
      })),
    );
    console.log(
      `run: ${run!.completed} completed, ${run!.failed} failed, ${run!.pending} pending; ` +
        `${transfers} transfers at the local Stripe server. Prepare's output (the Map's input): ` +
        `${prepare!.to_transfer} payouts, ${prepare!.state_kb} KB of Step Functions' 256 KB.`,
    );
  } finally {
    await stripeServer?.stop();
    await dynamo.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

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
  for (let start = 0; start < count; start += 20) {
    accounts.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, count - start) }, async (_, offset) => {
          const sellerId = `bench-seller-${String(start + offset).padStart(4, '0')}`;
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

/** The sellers (approved, connected), their month's downloads and sales, and the pool. */
const seedMonth = async (accounts: SellerAccount[]): Promise<void> => {
  const { ProfileEntity } = await import('../../lambdas/shared/db/entities/profile');
  const { DownloadEntity } = await import('../../lambdas/shared/db/entities/download');
  const { OrderEntity } = await import('../../lambdas/shared/db/entities/order');
  const { approvedSellerItem, addToPool, monthDownloadItems } = await import('../fixtures/payouts');
  const { templateOrder } = await import('../fixtures/orders');

  await ProfileEntity.batchPut(
    accounts.map((account, index) =>
      approvedSellerItem({
        id: account.sellerId,
        role: index % 5 === 0 ? 'both' : 'seller',
        username: account.sellerId,
        stripe_account_id: account.accountId,
        stripe_payouts_enabled: true,
        stripe_details_submitted: true,
      }),
    ),
  );
  const counts = downloadCounts(accounts.length, DOWNLOADS);
  let buyer = 0;
  const downloads = accounts.flatMap((account, index) => {
    const items = monthDownloadItems(account.sellerId, MONTH, counts[index]!, {
      firstBuyer: buyer,
    });
    buyer += items.length;
    return items;
  });
  const slice = Math.ceil(downloads.length / SEED_WRITERS);
  await Promise.all(
    Array.from({ length: SEED_WRITERS }, (_, writer) =>
      DownloadEntity.batchPut(downloads.slice(writer * slice, (writer + 1) * slice)),
    ),
  );
  await OrderEntity.batchPut(
    accounts.slice(0, SELLERS_WITH_SALES).flatMap((account) =>
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
  await addToPool(MONTH, POOL);
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

const [command, what] = process.argv.slice(2);
if (command === 'measure') await measure(what as 'prepare' | 'run');
else await main();
