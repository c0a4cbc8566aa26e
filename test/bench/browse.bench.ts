/**
 * Browse latency at catalog sizes of 1,000 and 10,000 approved templates (issue 3: a warm browse
 * request answers in at most 50 ms at the 95th percentile at 10,000).
 *
 * Each size runs in a child process of its own, because the handler reads its table name once at
 * cold start, exactly as a Lambda container does. A child: starts DynamoDB Local in memory, writes
 * N approved templates of realistic size and 25 sellers, then calls the real catalog handler
 * in-process: one cold request (the catalog load), then warm requests over a mix of searches,
 * filters, sorts and pages. DynamoDB Local says nothing about cloud latency: read the figures as
 * the cost of our own work plus one local GetItem per request, and compare the two sizes.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import getPort from 'get-port';

const SIZES = [1_000, 10_000];
const WARM_REQUESTS = 1_000;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const runSize = async (size: number): Promise<void> => {
  const { startDynamoDb } = await import('../../lib/local/emulators');
  const { applyLambdaEnvironment, lambdaEnvironment } = await import('../../lib/local/lambda-env');
  const { createDynamoClient, ensureTable } = await import('../../lib/local/resources');
  const port = await getPort();
  const dynamo = await startDynamoDb({ port });
  try {
    const endpoint = `http://localhost:${port}`;
    applyLambdaEnvironment(
      lambdaEnvironment({
        tableName: `bench-${size}`,
        buckets: { mvpFiles: 'bench-files', previewImages: 'bench-previews' },
        userPoolId: 'local_bench',
        userPoolClientId: 'bench',
        endpoints: { dynamodb: endpoint, s3: endpoint, cognito: endpoint },
        betaAccess: false,
      }),
    );
    process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    await ensureTable(createDynamoClient(endpoint), `bench-${size}`);

    const { seedBenchCatalog, browseQueries } = await import('./support/catalog-data');
    const seeded = performance.now();
    await seedBenchCatalog(size);
    const seedSeconds = (performance.now() - seeded) / 1000;

    const { handler } = await import('../../lambdas/catalog/index');
    const { apiEvent, lambdaContext } = await import('../fixtures/api-event');
    const call = async (query: Record<string, string>) => {
      const started = performance.now();
      const result = await handler(
        apiEvent({ method: 'GET', path: '/api/mvps', query }),
        lambdaContext(),
      );
      const ms = performance.now() - started;
      if (typeof result !== 'object' || result.statusCode !== 200) {
        throw new Error(`Browse answered ${JSON.stringify(result).slice(0, 200)}`);
      }
      return ms;
    };

    const coldMs = await call({});
    const queries = browseQueries(WARM_REQUESTS);
    for (const query of queries.slice(0, 50)) await call(query); // JIT warm-up, not measured
    const timings: number[] = [];
    for (const query of queries) timings.push(await call(query));
    timings.sort((a, b) => a - b);
    const row = {
      templates: size,
      seed_s: Number(seedSeconds.toFixed(1)),
      cold_ms: Number(coldMs.toFixed(1)),
      p50_ms: Number(percentile(timings, 50).toFixed(2)),
      p95_ms: Number(percentile(timings, 95).toFixed(2)),
      p99_ms: Number(percentile(timings, 99).toFixed(2)),
      max_ms: Number(timings[timings.length - 1]!.toFixed(2)),
      requests: timings.length,
      rss_mb: Math.round(process.memoryUsage().rss / 2 ** 20),
    };
    console.log(`BENCH ${JSON.stringify(row)}`);
  } finally {
    await dynamo.stop();
  }
};

const main = async () => {
  const sizeArg = process.argv[2];
  if (sizeArg) {
    await runSize(Number(sizeArg));
    return;
  }
  const rows: Record<string, unknown>[] = [];
  for (const size of SIZES) {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', import.meta.filename, String(size)],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`browse bench ${size} exited ${code}`)),
      );
    });
    const line = output.split('\n').find((entry) => entry.startsWith('BENCH '));
    if (!line) throw new Error(`No result from the ${size} run:\n${output}`);
    rows.push(JSON.parse(line.slice('BENCH '.length)) as Record<string, unknown>);
  }
  console.log('Browse (GET /api/mvps through the real handler, warm container, DynamoDB Local)');
  console.table(rows);
};

await main();
