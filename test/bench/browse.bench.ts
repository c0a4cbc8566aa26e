/**
 * Browse at 1,000, 10,000 and 100,000 approved templates: the first request of
 * a new container, warm latency, memory, and the DynamoDB reads 1,000 warm requests cost, for
 * the earlier design (no snapshot, the version read on every request) and the current one.
 *
 * - after:  the snapshot (written by the real snapshot task), then 30 changes made after it
 *   (10 approvals, 10 archives, 10 edits) that the new container must apply from the table, and
 *   the version read at most once a second;
 * - before: the snapshot removed and the version read on every request (the cache configured
 *   with a check interval of 0), so a new container reads the whole `byStatus` partition.
 *
 * Each size runs in a child process that starts DynamoDB Local and s3rver and seeds the data; each
 * measurement runs in a fresh grandchild process (`--expose-gc`), as a new Lambda container would:
 * import the real handler, time its first request, read the process's memory, then time warm
 * requests over a mix of searches, filters, sorts and pages while counting the commands its
 * DynamoDB client sends. DynamoDB Local and s3rver say nothing about cloud latency: compare the
 * two designs and the three sizes, not the absolute figures with production.
 *
 * Memory as Lambda runs the function: those processes load the TypeScript through tsx, whose
 * compiler takes memory of its own (about 30 MB at the handler's import). So the current design is
 * also measured as deployed: the catalog function bundled as `cdk deploy` bundles it
 * (test/fixtures/lambda-bundles.ts), run by plain Node (support/run-bundled-handler.mjs) on the
 * same requests, reporting its memory after the first request and its true peak (`maxRSS`).
 *
 * Search: after the warm mix, 100 real-looking searches (support/search-data.ts, half with a
 * typo) the container has not seen (no answer remembered): `search_p50_ms`, `search_p95_ms`. As
 * Lambda runs it, the first request of the container is itself a search, and the searches follow
 * the warm mix; the last table puts the search figures at each size side by side. Run only some
 * sizes with `npm run bench -- browse.bench 10000,100000`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import getPort from 'get-port';
import { storageDesign } from '../../contract/design/storage-design';

const SIZES = [1_000, 10_000, 100_000];
const WARM_REQUESTS = 1_000;
const CHANGES_AFTER_SNAPSHOT = 10;
/**
 * Above this size the snapshot is written by the bench itself. DynamoDB Local serves a query of a
 * large partition page by page in seconds each (measured at 100,000: 20 s for the first 1 MB page,
 * 9 minutes in all; real DynamoDB serves a page in tens of milliseconds), beyond the client's
 * request timeout.
 */
const DIRECT_SNAPSHOT_ABOVE = 10_000;

type Row = Record<string, number | string>;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Runs Node with these arguments and returns the `BENCH {...}` rows the process printed. */
const runNode = (nodeArgs: string[], what: string): Promise<Row[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      // Anything but result lines (the handler's logs with BENCH_LOG_LEVEL) goes to stderr.
      if (process.env.BENCH_LOG_LEVEL) process.stderr.write(chunk);
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${what} exited ${code}`));
      resolve(
        text
          .split('\n')
          .filter((line) => line.startsWith('BENCH '))
          .map((line) => JSON.parse(line.slice('BENCH '.length)) as Row),
      );
    });
  });

/** Runs this file again in a new Node process (through tsx) and returns the rows it printed. */
const runChild = (args: string[], options: { exposeGc?: boolean } = {}): Promise<Row[]> =>
  runNode(
    [
      ...(options.exposeGc ? ['--expose-gc'] : []),
      '--import',
      'tsx',
      import.meta.filename,
      ...args,
    ],
    `browse bench ${args.join(' ')}`,
  );

/** 100 searches the warm mix `asked` did not ask (so none is answered from memory). */
const newSearches = (
  searchQueries: (count: number) => string[],
  asked: readonly Record<string, string>[],
): string[] => {
  const seen = new Set(asked.map((query) => query.search));
  return searchQueries(300)
    .filter((text) => !seen.has(text))
    .slice(0, 100);
};

/** A new container: import the handler, one cold request, memory, warm requests, reads. */
const measure = async (design: 'before' | 'after', size: number): Promise<void> => {
  const importStarted = performance.now();
  const { handler } = await import('../../lambdas/catalog/index');
  const { resetCatalogCache } = await import('../../lambdas/catalog/service');
  const { apiEvent, lambdaContext } = await import('../fixtures/api-event');
  const { recordDynamoDbCommands } = await import('../fixtures/dynamodb-commands');
  const { browseQueries } = await import('./support/catalog-data');
  const { searchQueries } = await import('./support/search-data');
  const importMs = performance.now() - importStarted;
  // The earlier design read the version on every request.
  resetCatalogCache(design === 'before' ? { versionCheckIntervalMs: 0 } : {});
  const commands = recordDynamoDbCommands();

  const call = async (query: Record<string, string>) => {
    const started = performance.now();
    const result = await handler(
      apiEvent({ method: 'GET', path: '/api/mvps', query }),
      lambdaContext(),
    );
    const ms = performance.now() - started;
    if (typeof result !== 'object' || result.statusCode !== 200) {
      return { ms, status: typeof result === 'object' ? (result.statusCode ?? 0) : 0, total: 0 };
    }
    return {
      ms,
      status: 200,
      total: (JSON.parse(result.body ?? '{}') as { total: number }).total,
    };
  };

  const cold = await call({});
  if (cold.status !== 200) {
    // The earlier design at 100,000 on DynamoDB Local: every 1 MB page of the approved
    // partition takes seconds there, past the client's request timeout, so the load fails.
    const failed: Row = {
      design,
      templates: size,
      cold_ms: round(cold.ms),
      cold_status: cold.status,
    };
    console.log(`BENCH ${JSON.stringify(failed)}`);
    return;
  }
  const coldReads = commands.sent.length;
  const afterCold = process.memoryUsage();
  global.gc?.();
  const settled = process.memoryUsage();

  const queries = browseQueries(WARM_REQUESTS);
  for (const query of queries.slice(0, 50)) await call(query); // JIT warm-up, not measured
  commands.clear();
  const timings: number[] = [];
  const warmStarted = performance.now();
  for (const query of queries) {
    const answer = await call(query);
    if (answer.status !== 200)
      throw new Error(`${design}: a warm request answered ${answer.status}`);
    timings.push(answer.ms);
  }
  const warmSeconds = (performance.now() - warmStarted) / 1000;
  timings.sort((a, b) => a - b);
  const searchTimings: number[] = [];
  for (const search of newSearches(searchQueries, queries)) {
    searchTimings.push((await call({ search })).ms);
  }
  searchTimings.sort((a, b) => a - b);
  const peak = process.memoryUsage();

  // After the snapshot, 10 approvals and 10 archives leave the count as seeded.
  if (cold.total !== size) throw new Error(`${design}: ${cold.total} templates, not ${size}`);
  const row: Row = {
    design,
    templates: size,
    import_ms: round(importMs),
    cold_ms: round(cold.ms),
    cold_status: cold.status,
    cold_reads: coldReads,
    rss_mb: mb(afterCold.rss),
    heap_mb: mb(afterCold.heapUsed),
    heap_after_gc_mb: mb(settled.heapUsed),
    p50_ms: round(percentile(timings, 50), 2),
    p95_ms: round(percentile(timings, 95), 2),
    p99_ms: round(percentile(timings, 99), 2),
    search_p50_ms: round(percentile(searchTimings, 50), 2),
    search_p95_ms: round(percentile(searchTimings, 95), 2),
    warm_s: round(warmSeconds, 2),
    reads_per_1000: commands.sent.length,
    version_reads: commands.count('Get', 'name_catalog'),
    peak_rss_mb: mb(peak.rss),
  };
  console.log(`BENCH ${JSON.stringify(row)}`);
};

/**
 * The current design as Lambda runs it: the catalog function bundled as `cdk deploy` bundles it
 * (test/fixtures/lambda-bundles.ts), in a plain Node process (no tsx), on the same first request
 * and warm requests as `measure`.
 */
const measureBundled = async (dataDir: string, size: number): Promise<Row> => {
  const { bundleFunction } = await import('../fixtures/lambda-bundles');
  const { apiEvent, lambdaContext } = await import('../fixtures/api-event');
  const { browseQueries } = await import('./support/catalog-data');
  const { searchQueries } = await import('./support/search-data');
  const repositoryRoot = path.resolve(import.meta.dirname, '../..');
  // Inside the repository, so that the modules the bundle leaves out (the AWS SDK, which Lambda's
  // runtime provides) resolve from its node_modules.
  const outdir = await mkdtemp(path.join(repositoryRoot, '.local', `browse-bundle-${size}-`));
  try {
    const bundle = await bundleFunction(
      { name: 'CatalogFunction', entry: path.join(repositoryRoot, 'lambdas/catalog/index.ts') },
      outdir,
    );
    const events = path.join(dataDir, 'catalog-events.json');
    const request = (query: Record<string, string>) =>
      apiEvent({ method: 'GET', path: '/api/mvps', query });
    const queries = browseQueries(WARM_REQUESTS);
    await writeFile(
      events,
      JSON.stringify({
        // JSON keeps the context's fields; the runner gives it its one method back.
        context: lambdaContext('catalog'),
        // The first request of the container is a search, typo included.
        cold: request({ search: 'invoice dashbord' }),
        warmUp: queries.slice(0, 50).map(request),
        warm: queries.map(request),
        searches: newSearches(searchQueries, queries).map((search) => request({ search })),
      }),
    );
    const [row] = await runNode(
      [
        '--expose-gc',
        path.join(import.meta.dirname, 'support', 'run-bundled-handler.mjs'),
        bundle.file,
        events,
      ],
      'the bundled catalog handler',
    );
    if (!row) throw new Error('The bundled catalog handler printed no result.');
    return { design: 'lambda', templates: size, ...row };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
};

/** Emulators and data for one size, then the measurements in fresh processes. */
const runSize = async (size: number): Promise<void> => {
  const { startDynamoDb, startS3 } = await import('../../lib/local/emulators/index');
  const { applyLambdaEnvironment, lambdaEnvironment } =
    await import('../../lib/local/cloud/lambda-env');
  const { createDynamoClient, createS3Client, ensureBuckets, ensureTable } =
    await import('../../lib/local/emulators/resources');
  // This process only seeds: on a loaded machine DynamoDB Local takes longer than a production
  // request timeout to answer 100,000 batch writes. The measured processes keep the real timeouts.
  const { DYNAMODB_TIMEOUTS } = await import('../../lambdas/shared/db/client');
  (DYNAMODB_TIMEOUTS as { requestTimeout: number }).requestTimeout = 60_000;
  const dataDir = await mkdtemp(path.join(tmpdir(), `browse-bench-${size}-`));
  const dynamo = await startDynamoDb({ port: await getPort() });
  const s3 = await startS3({ port: await getPort(), directory: path.join(dataDir, 's3') });
  try {
    const buckets = { mvpFiles: 'bench-files', previewImages: 'bench-previews' };
    applyLambdaEnvironment(
      lambdaEnvironment({
        tableName: `bench-${size}`,
        buckets,
        userPoolId: 'local_bench',
        userPoolClientId: 'bench',
        endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: dynamo.endpoint },
        betaAccess: false,
      }),
    );
    // BENCH_LOG_LEVEL=INFO shows the catalog's own timings (read, index, catch-up).
    process.env.POWERTOOLS_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'SILENT';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    await ensureTable(createDynamoClient(dynamo.endpoint), `bench-${size}`);
    await ensureBuckets(createS3Client(s3.endpoint), buckets);

    const { benchRecord, changeBenchCatalog, seedBenchCatalog } =
      await import('./support/catalog-data');
    const seedStarted = performance.now();
    const templates = await seedBenchCatalog(size);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const { publishCatalogSnapshot } = await import('../../lambdas/catalog/service');
    const { getCatalogVersion, readCatalogSnapshot, writeCatalogSnapshot } =
      await import('../../lambdas/catalog/repo');
    const { encodeCatalogSnapshot } = await import('../../lambdas/catalog/snapshot');
    const publishStarted = performance.now();
    let publishedBy: string;
    if (size <= DIRECT_SNAPSHOT_ABOVE) {
      await publishCatalogSnapshot();
      publishedBy = 'task';
    } else {
      // The task reads the whole partition, which DynamoDB Local serves far too slowly at this
      // size (see DIRECT_SNAPSHOT_ABOVE): write the same file from the seeded templates, every
      // one of which was written before `asOf`.
      const asOf = new Date().toISOString();
      const { version } = await getCatalogVersion();
      await writeCatalogSnapshot(
        encodeCatalogSnapshot({ asOf, version, records: templates.map(benchRecord) }),
      );
      publishedBy = 'bench (encodeCatalogSnapshot)';
    }
    const publishSeconds = (performance.now() - publishStarted) / 1000;
    const stored = await readCatalogSnapshot();
    if (!stored || stored === 'unchanged') throw new Error('No snapshot was written');
    await changeBenchCatalog(size, CHANGES_AFTER_SNAPSHOT);

    const [after] = await runChild(['measure', 'after', String(size)], { exposeGc: true });
    const lambda = await measureBundled(dataDir, size);

    // Last, because at 100,000 it leaves DynamoDB Local busy with pages nobody waits for.
    await createS3Client(s3.endpoint).send(
      new DeleteObjectCommand({ Bucket: buckets.mvpFiles, Key: storageDesign.catalogSnapshotKey }),
    );
    const [before] = await runChild(['measure', 'before', String(size)], { exposeGc: true });
    const snapshot: Row = {
      templates: size,
      seed_s: round(seedSeconds),
      written_by: publishedBy,
      write_s: round(publishSeconds, 2),
      unpacked_kb: Math.round(gunzipSync(stored.bytes).length / 1024),
      gzip_kb: Math.round(stored.bytes.length / 1024),
    };
    for (const row of [before!, after!, lambda, { ...snapshot, design: 'snapshot' }]) {
      console.log(`BENCH ${JSON.stringify(row)}`);
    }
  } finally {
    await Promise.allSettled([dynamo.stop(), s3.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'measure') return measure(args[0] as 'before' | 'after', Number(args[1]));
  if (command === 'size') return runSize(Number(args[0]));
  const sizes = command ? command.split(',').map(Number) : SIZES;
  const rows: Row[] = [];
  for (const size of sizes) rows.push(...(await runChild(['size', String(size)])));
  const pick = (design: string, columns: string[]) =>
    rows
      .filter((row) => row.design === design)
      .map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
  const measured = [
    'templates',
    'import_ms',
    'cold_ms',
    'cold_status',
    'cold_reads',
    'rss_mb',
    'heap_mb',
    'heap_after_gc_mb',
    'p50_ms',
    'p95_ms',
    'p99_ms',
    'search_p50_ms',
    'search_p95_ms',
    'warm_s',
    'reads_per_1000',
    'version_reads',
    'peak_rss_mb',
  ];
  console.log('\nBrowse, earlier design: no snapshot, the version read on every request');
  console.table(pick('before', measured));
  console.log(
    `\nBrowse, current design: snapshot + ${3 * CHANGES_AFTER_SNAPSHOT} changes since, version read at most once a second`,
  );
  console.table(pick('after', measured));
  console.log(
    '\nThe current design as Lambda runs it (bundled as the CDK bundles it, plain Node, no tsx)',
  );
  console.table(
    pick('lambda', [
      'templates',
      'import_ms',
      'cold_ms',
      'cold_cpu_ms',
      'rss_mb',
      'heap_mb',
      'heap_after_gc_mb',
      'p50_ms',
      'p95_ms',
      'search_p50_ms',
      'search_p95_ms',
      'max_rss_mb',
    ]),
  );
  console.log(
    '\nSearch as Lambda runs it: the first request of a new container (itself a search, with a typo), 100 new real-looking searches (half with a typo), the warm mix (30% with search text), the peak memory. Goals at 100,000: first request <= 1 s, warm p95 <= 10 ms, <= 256 MB',
  );
  console.table(
    rows
      .filter((row) => row.design === 'lambda')
      .map((row) => ({
        templates: row.templates,
        first_request_ms: row.cold_ms,
        first_request_cpu_ms: row.cold_cpu_ms,
        search_p50_ms: row.search_p50_ms,
        search_p95_ms: row.search_p95_ms,
        warm_p50_ms: row.p50_ms,
        warm_p95_ms: row.p95_ms,
        peak_mb: row.max_rss_mb,
      })),
  );
  console.log('\nThe snapshot (written by the snapshot task)');
  console.table(
    pick('snapshot', ['templates', 'seed_s', 'written_by', 'write_s', 'unpacked_kb', 'gzip_kb']),
  );
  console.log(
    '\ncold_reads: DynamoDB commands of the first request; reads_per_1000: commands of the 1,000 warm requests (version checks and seller-name BatchGets), which took warm_s seconds. rss_mb: after the first request; peak_rss_mb: after the warm requests; max_rss_mb: the most the process held at any moment.',
  );
};

await main();
