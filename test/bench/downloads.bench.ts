/**
 * 1,000 downloads of one template by 1,000 distinct buyers, at most 50 in flight at once, through
 * the download service (`spendDownload`: pre-reads, the download's transaction, then its tally)
 * against DynamoDB Local and s3rver; then the `downloadTally` schedule's task for what the
 * requests left pending (docs/data-model.md, section 4.1). Other sizes:
 * `DOWNLOADS_BENCH=<downloads>x<concurrency>` (e.g. `2000x100`).
 *
 * Reports throughput and latency (p50/p95/p99 per download, the tally included), the DynamoDB
 * commands a download costs, the transactions sent and how many were cancelled by a `TransactionConflict` (the downloads' own,
 * and the tallies'), the tallies left to the schedule and its run, and whether the template's
 * `download_count`, the seller's month counter and the site's `downloads` total each end at
 * exactly the number of downloads. DynamoDB Local serializes transactions in one process and
 * reports conflicts unlike the service: read the conflicts and times as the shape of the cost,
 * the counts as the correctness check.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import getPort from 'get-port';

const [DOWNLOADS, CONCURRENCY] = (process.env.DOWNLOADS_BENCH ?? '1000x50')
  .split('x')
  .map(Number) as [number, number];

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

type Kind = 'download' | 'tally' | 'other';

/** Which transaction: a download's own (it creates a tally) or a tally's (it deletes one). */
const kindOf = (input: TransactWriteCommandInput): Kind => {
  for (const item of input.TransactItems ?? []) {
    if (String(item.Put?.Item?.sk ?? '').startsWith('$downloadtally_')) return 'download';
    if (String(item.Delete?.Key?.sk ?? '').startsWith('$downloadtally_')) return 'tally';
  }
  return 'other';
};

interface TransactionStats {
  sent: number;
  conflicts: number;
  otherCancellations: number;
}

const main = async (): Promise<void> => {
  const { startDynamoDb, startS3 } = await import('../../lib/local/emulators/index');
  const { applyLambdaEnvironment, generateLocalSecrets, lambdaEnvironment } =
    await import('../../lib/local/cloud/lambda-env');
  const { createDynamoClient, createS3Client, ensureBuckets, ensureTable } =
    await import('../../lib/local/emulators/resources');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'downloads-bench-'));
  const dynamo = await startDynamoDb({ port: await getPort() });
  const s3 = await startS3({ port: await getPort(), directory: path.join(dataDir, 's3') });
  try {
    const buckets = { mvpFiles: 'bench-files', previewImages: 'bench-previews' };
    await ensureBuckets(createS3Client(s3.endpoint), buckets);
    const tableName = 'bench-downloads';
    applyLambdaEnvironment(
      lambdaEnvironment({
        tableName,
        buckets,
        userPoolId: 'local_bench',
        userPoolClientId: 'bench',
        endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: dynamo.endpoint },
        betaAccess: false,
        secrets: generateLocalSecrets(),
      }),
    );
    process.env.POWERTOOLS_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'SILENT';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    await ensureTable(createDynamoClient(dynamo.endpoint), tableName);
    await run();
  } finally {
    await s3.stop();
    await dynamo.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const run = async (): Promise<void> => {
  const { documentClient } = await import('../../lambdas/shared/db/client');
  const { mapWithConcurrency } = await import('../../lambdas/shared/concurrency');
  const { TemplateEntity } = await import('../../lambdas/shared/db/entities/template');
  const { spendDownload } = await import('../../lambdas/downloads/spend');
  const { handler: tallyTask } = await import('../../lambdas/downloads/tasks/tally-downloads');
  const { countSellersDownloadsInMonth } = await import('../../lambdas/downloads/seller-counts');
  const { counterTotal } = await import('../../lambdas/stats/service');
  const { DownloadTallyEntity, DOWNLOAD_TALLY_SHARDS } =
    await import('../../lambdas/shared/db/entities/download-tally');
  const { putProfile } = await import('../fixtures/profiles');
  const { templateWithFile } = await import('../fixtures/template-fixtures');
  const { storeTemplateFile } = await import('../fixtures/template-items');

  // The transactions sent, by kind, and how each was cancelled.
  const stats: Record<Kind, TransactionStats> = {
    download: { sent: 0, conflicts: 0, otherCancellations: 0 },
    tally: { sent: 0, conflicts: 0, otherCancellations: 0 },
    other: { sent: 0, conflicts: 0, otherCancellations: 0 },
  };
  const commands = { all: 0 };
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      commands.all += 1;
      if (!context.commandName?.includes('TransactWrite')) return next(args);
      const kind = kindOf(args.input as TransactWriteCommandInput);
      stats[kind].sent += 1;
      try {
        return await next(args);
      } catch (error) {
        const reasons =
          (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if (reasons.some((reason) => reason.Code === 'TransactionConflict')) {
          stats[kind].conflicts += 1;
        } else stats[kind].otherCancellations += 1;
        throw error;
      }
    },
    { step: 'initialize', name: 'countTransactionsForBench' },
  );

  const sellerId = 'bench-seller';
  const template = templateWithFile({ seller_id: sellerId, title: 'Bench Kit' });
  await TemplateEntity.create(template).go();
  await storeTemplateFile(template);
  const seedStarted = performance.now();
  const buyers = await mapWithConcurrency(
    Array.from({ length: DOWNLOADS }, (_, index) => `bench-buyer-${index}`),
    16,
    async (id) => (await putProfile({ id, download_quota: 5, downloads_remaining: 5 })).id,
  );
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const siteBefore = await counterTotal('downloads');
  commands.all = 0;
  for (const kind of Object.values(stats))
    Object.assign(kind, { sent: 0, conflicts: 0, otherCancellations: 0 });

  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await mapWithConcurrency(buyers, CONCURRENCY, async (buyerId) => {
    const begun = performance.now();
    try {
      await spendDownload(buyerId, template.id);
      latencies.push(performance.now() - begun);
    } catch {
      failed += 1;
    }
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const commandsPerDownload = commands.all / DOWNLOADS;

  const pending = async () =>
    (
      await Promise.all(
        Array.from({ length: DOWNLOAD_TALLY_SHARDS }, (_, shard) =>
          DownloadTallyEntity.query
            .byShard({ shard })
            .go({ pages: 'all', consistent: true, attributes: ['download_id'] }),
        ),
      )
    ).reduce((sum, { data }) => sum + data.length, 0);
  const leftPending = await pending();
  const scheduleStarted = performance.now();
  const schedule = await tallyTask();
  const scheduleSeconds = (performance.now() - scheduleStarted) / 1000;

  const downloadCount = (await TemplateEntity.get({ id: template.id }).go({ consistent: true }))
    .data!.download_count;
  const month = new Date().toISOString().slice(0, 7);
  const sellerMonth = (await countSellersDownloadsInMonth([sellerId], month)).get(sellerId) ?? 0;
  const siteDownloads = (await counterTotal('downloads')) - siteBefore;
  const sorted = [...latencies].sort((a, b) => a - b);
  const rows = {
    downloads: DOWNLOADS,
    concurrency: CONCURRENCY,
    seed_buyers_s: round(seedSeconds),
    ok: latencies.length,
    failed,
    wall_s: round(wallSeconds, 2),
    downloads_per_s: round(latencies.length / wallSeconds),
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    dynamodb_commands_per_download: round(commandsPerDownload, 2),
    download_transactions: stats.download.sent,
    download_conflicts: stats.download.conflicts,
    download_conflict_rate: round(stats.download.conflicts / Math.max(1, stats.download.sent), 3),
    tally_transactions: stats.tally.sent,
    tally_conflicts: stats.tally.conflicts,
    tally_conflict_rate: round(stats.tally.conflicts / Math.max(1, stats.tally.sent), 3),
    other_cancellations: stats.download.otherCancellations + stats.tally.otherCancellations,
    left_to_schedule: leftPending,
    schedule_applied: schedule.applied,
    schedule_pending: schedule.pending,
    schedule_s: round(scheduleSeconds, 2),
    pending_after: await pending(),
    template_download_count: downloadCount - template.download_count,
    seller_month_count: sellerMonth,
    site_downloads_count: siteDownloads,
    counts_exact:
      downloadCount - template.download_count === DOWNLOADS &&
      sellerMonth === DOWNLOADS &&
      siteDownloads === DOWNLOADS,
  };
  console.table(Object.entries(rows).map(([measure, value]) => ({ measure, value })));
  console.log(`BENCH ${JSON.stringify(rows)}`);
};

await main();
