/**
 * A new Lambda container of the catalog function, as browse.bench.ts measures it: plain Node
 * imports the bundled handler (argv[2]), answers the first request, then the warm requests of the
 * events file (argv[3]), and prints one `BENCH {...}` line: times, memory after the first request
 * and the process's peak (`maxRSS`). Plain JavaScript, so no TypeScript loader is in the process.
 */
import console from 'node:console';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const [bundle, eventsFile] = process.argv.slice(2);
const mb = (bytes) => Math.round(bytes / 2 ** 20);

const importStarted = performance.now();
const { handler } = await import(bundle);
const importMs = performance.now() - importStarted;
const events = JSON.parse(readFileSync(eventsFile, 'utf8'));
const context = { ...events.context, getRemainingTimeInMillis: () => 30_000 };

const call = async (event) => {
  const started = performance.now();
  const result = await handler(event, context);
  if (result?.statusCode !== 200) {
    throw new Error(`the handler answered ${result?.statusCode}: ${result?.body}`);
  }
  return performance.now() - started;
};

// CPU time too: on a busy machine the wall time of the first request says more about the
// machine than about the function (user + system, every thread of the process).
const coldCpuStarted = process.cpuUsage();
const coldMs = await call(events.cold);
const coldCpu = process.cpuUsage(coldCpuStarted);
const afterCold = process.memoryUsage();
globalThis.gc?.();
const settled = process.memoryUsage();
for (const event of events.warmUp) await call(event);
const timings = [];
for (const event of events.warm) timings.push(await call(event));
timings.sort((a, b) => a - b);
const searchTimings = [];
for (const event of events.searches ?? []) searchTimings.push(await call(event));
searchTimings.sort((a, b) => a - b);
const percentile = (sorted, p) =>
  sorted.length === 0 ? null : Number(sorted[Math.ceil(p * sorted.length) - 1].toFixed(2));
console.log(
  `BENCH ${JSON.stringify({
    import_ms: Number(importMs.toFixed(1)),
    cold_ms: Number(coldMs.toFixed(1)),
    cold_cpu_ms: Math.round((coldCpu.user + coldCpu.system) / 1000),
    rss_mb: mb(afterCold.rss),
    heap_mb: mb(afterCold.heapUsed),
    heap_after_gc_mb: mb(settled.heapUsed),
    p50_ms: percentile(timings, 0.5),
    p95_ms: percentile(timings, 0.95),
    search_p50_ms: percentile(searchTimings, 0.5),
    search_p95_ms: percentile(searchTimings, 0.95),
    max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  })}`,
);
