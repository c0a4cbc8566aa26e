/**
 * The in-memory catalog alone, at 10,000 and 100,000 templates: what a new container spends
 * decoding the snapshot and building its indexes, the memory it then holds, warm request times
 * over the browse bench's query mix, and the time to apply 30 changes (10 new, 10 gone, 10
 * edited). No emulator: the figures say what the catalog costs, without DynamoDB Local's and
 * s3rver's (browse.bench.ts measures the whole handler; on a loaded machine its seeding can time
 * out, this one always runs).
 *
 * Search: the first search of the container (the snapshot carries the index, so no build), then
 * 100 real-looking searches (support/search-data.ts, half with a typo), each new to the container
 * (no answer remembered), their p50/p95, and the heap after them.
 *
 * Each size runs in a fresh Node process (`--expose-gc`), as a new Lambda container would, given
 * only the snapshot's bytes (the same columnar gzip the snapshot task writes, of the same generated
 * catalog, made by this process) and the 10 new templates, so its memory is the catalog's.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const SIZES = [10_000, 100_000];
const WARM_REQUESTS = 1_000;

type Row = Record<string, number | string>;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const measure = async (size: number, dir: string): Promise<void> => {
  const { browseQueries } = await import('./support/catalog-data');
  const { searchQueries } = await import('./support/search-data');
  const { browseQuerySchema } = await import('../../contract/catalog');
  const { applyCatalogChanges, browseCatalog, CatalogIndex } =
    await import('../../lambdas/catalog/browse');
  const { decodeCatalogSnapshotColumns } = await import('../../lambdas/catalog/snapshot');
  const bytes = await readFile(path.join(dir, 'snapshot.gz'));
  const later = JSON.parse(await readFile(path.join(dir, 'later.json'), 'utf8')) as Parameters<
    typeof applyCatalogChanges
  >[1]['upserts'];
  global.gc?.();
  const start = process.memoryUsage();

  // What a new container does with the snapshot's bytes (catalog-cache.ts, fromSnapshot).
  const coldStarted = performance.now();
  const decoded = decodeCatalogSnapshotColumns(bytes);
  const index = new CatalogIndex(decoded.columns, decoded.orders ?? undefined, decoded.search);
  const coldMs = performance.now() - coldStarted;
  const afterCold = process.memoryUsage();
  global.gc?.();
  const settled = process.memoryUsage();

  const queries = browseQueries(WARM_REQUESTS).map((query) => browseQuerySchema.parse(query));
  for (const query of queries.slice(0, 50)) browseCatalog(index, query); // warm-up, not measured
  const timings = queries.map((query) => {
    const started = performance.now();
    browseCatalog(index, query);
    return performance.now() - started;
  });
  timings.sort((a, b) => a - b);

  // Searches no request above asked, so none is answered from memory.
  const asked = new Set(queries.map((query) => query.search));
  const searches = searchQueries(300)
    .filter((text) => !asked.has(text))
    .slice(0, 100);
  const firstSearchStarted = performance.now();
  browseCatalog(index, browseQuerySchema.parse({ search: 'invoice dashbord' }));
  const firstSearchMs = performance.now() - firstSearchStarted;
  const searchTimings = searches.map((text) => {
    const started = performance.now();
    browseCatalog(index, browseQuerySchema.parse({ search: text }));
    return performance.now() - started;
  });
  searchTimings.sort((a, b) => a - b);
  global.gc?.();
  const afterSearches = process.memoryUsage();

  const first = browseCatalog(index, browseQuerySchema.parse({}));
  const changesStarted = performance.now();
  const changed = applyCatalogChanges(index, {
    upserts: [
      ...later,
      ...first.items.slice(0, 10).map((item) => ({ ...item, tagline: 'Edited' })),
    ],
    removals: first.items.slice(10, 20).map((item) => item.id),
  });
  const changesMs = performance.now() - changesStarted;
  if (changed.size !== size) throw new Error(`${changed.size} templates after the changes`);

  const row: Row = {
    templates: size,
    gzip_kb: Math.round(bytes.length / 1024),
    decode_and_index_ms: round(coldMs),
    rss_mb: mb(afterCold.rss),
    heap_growth_mb: mb(afterCold.heapUsed - start.heapUsed),
    heap_after_gc_mb: mb(settled.heapUsed),
    p50_ms: round(percentile(timings, 50), 3),
    p95_ms: round(percentile(timings, 95), 3),
    p99_ms: round(percentile(timings, 99), 3),
    first_search_ms: round(firstSearchMs, 2),
    search_p50_ms: round(percentile(searchTimings, 50), 2),
    search_p95_ms: round(percentile(searchTimings, 95), 2),
    heap_after_searches_mb: mb(afterSearches.heapUsed),
    changes_30_ms: round(changesMs),
    peak_rss_mb: mb(process.memoryUsage().rss),
  };
  console.log(`BENCH ${JSON.stringify(row)}`);
};

/** The snapshot of `size` generated templates and 10 more, written for the child to read. */
const writeInputs = async (size: number, dir: string): Promise<void> => {
  const { benchCatalogRecords } = await import('./support/catalog-data');
  const { encodeCatalogSnapshot } = await import('../../lambdas/catalog/snapshot');
  const records = benchCatalogRecords(size + 10);
  const snapshot = { asOf: new Date().toISOString(), version: 1, records: records.slice(0, size) };
  await writeFile(path.join(dir, 'snapshot.gz'), encodeCatalogSnapshot(snapshot));
  await writeFile(path.join(dir, 'later.json'), JSON.stringify(records.slice(size)));
};

const runChild = async (size: number): Promise<Row> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'browse-memory-'));
  try {
    await writeInputs(size, dir);
    return await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', import.meta.filename, 'measure', String(size), dir],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('exit', (code) => {
        const line = text.split('\n').find((entry) => entry.startsWith('BENCH '));
        if (code !== 0 || !line) return reject(new Error(`browse-memory ${size} exited ${code}`));
        resolve(JSON.parse(line.slice('BENCH '.length)) as Row);
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const [command, argument, dir] = process.argv.slice(2);
if (command === 'measure') {
  await measure(Number(argument), dir!);
} else {
  const sizes = command ? command.split(',').map(Number) : SIZES;
  const rows: Row[] = [];
  for (const size of sizes) rows.push(await runChild(size));
  console.log('\nBrowse, the in-memory catalog alone (a fresh process per size)');
  console.table(rows);
}
