/**
 * The daily security re-check at 10,000 live versions, against the local OSV server (in this
 * process): the advisory side of the run (`recheckTargets`: dedupe, querybatch in batches of at most
 * 1,000, advisories read in full only when new or modified), with each version's stored dependency
 * list built in memory (120 pinned npm packages drawn from a pool of 4,000 package versions, a few
 * of them in the ranges of the server's real advisories). Three runs: the first (nothing kept), the
 * next day's (every advisory kept), and one after an advisory was added and one modified.
 *
 * Figures: versions, package versions, distinct ones asked, requests by kind, wall time, the most
 * requests in flight at once and the peak RSS. OSV documents at most 1,000 queries per querybatch
 * request and publishes no per-second quota; the client keeps at most 4 batches and 10 advisory
 * reads in flight and backs off on 429 and 5xx (docs/operations.md, "Security re-check").
 */
import { performance } from 'node:perf_hooks';
import { createOsvClient, OSV_BATCH_SIZE } from '../../lambdas/security/osv';
import type { PinnedPackage } from '../../lambdas/security/repo';
import { recheckTargets, type AdvisoryCache } from '../../lambdas/security-alerts/recheck';
import { startLocalOsv } from '../../lib/local/servers/osv';
import { LOCAL_ADVISORIES } from '../../lib/local/servers/osv/advisories';

const VERSIONS = 10_000;
const PACKAGES_PER_VERSION = 120;
const POOL = 4_000;

/** A deterministic pseudo-random sequence, so every run checks the same world. */
const random = (() => {
  let seed = 42;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
})();

const VULNERABLE: PinnedPackage[] = [
  { ecosystem: 'npm', name: 'lodash', version: '4.17.20', direct: true },
  { ecosystem: 'npm', name: 'minimist', version: '1.2.5', direct: false },
  { ecosystem: 'npm', name: 'axios', version: '0.21.1', direct: true },
  { ecosystem: 'npm', name: 'ws', version: '7.4.5', direct: false },
];

const pool: PinnedPackage[] = Array.from({ length: POOL }, (_, i) => ({
  ecosystem: 'npm',
  name: `bench-package-${i % 1_600}`,
  version: `${1 + Math.floor(i / 1_600)}.${i % 7}.0`,
  direct: i % 5 === 0,
}));

const versions = Array.from({ length: VERSIONS }, (_, v) => {
  const packages = new Map<string, PinnedPackage>();
  while (packages.size < PACKAGES_PER_VERSION) {
    const pinned = pool[Math.floor(random() * POOL)]!;
    packages.set(pinned.name, pinned);
  }
  if (v % 10 === 0) packages.set('lodash', VULNERABLE[v % VULNERABLE.length]!);
  return { key: `template-${v}/version-1`, packages: [...packages.values()] };
});

const osv = await startLocalOsv({ port: 0 });
let inFlight = 0;
let maxInFlight = 0;
const realFetch = globalThis.fetch;
globalThis.fetch = async (...args) => {
  inFlight += 1;
  maxInFlight = Math.max(maxInFlight, inFlight);
  try {
    return await realFetch(...args);
  } finally {
    inFlight -= 1;
  }
};

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

const rows: Record<string, string | number>[] = [];
const runOnce = async (label: string, cache: AdvisoryCache) => {
  const client = createOsvClient({ baseUrl: osv.endpoint, timeoutMs: 30_000, retryBaseMs: 500 });
  maxInFlight = 0;
  const before = await osv.control.stats();
  const started = performance.now();
  const outcome = await recheckTargets(versions, cache, client, new Date().toISOString());
  const ms = performance.now() - started;
  const after = await osv.control.stats();
  const withFindings = [...outcome.findings.values()].filter((list) => list.length > 0).length;
  rows.push({
    run: label,
    versions: outcome.figures.versions,
    'package versions': outcome.figures.packages,
    distinct: outcome.figures.distinct_packages,
    querybatch: after.querybatch - before.querybatch,
    'advisory reads': after.vulns - before.vulns,
    'max in flight': maxInFlight,
    'with findings': withFindings,
    'wall ms': Math.round(ms),
  });
  return outcome.cache;
};

const cold = await runOnce('first run (nothing kept)', { last_run_at: null, advisories: {} });
const warm = await runOnce('next day (all kept)', cold);
const modified = LOCAL_ADVISORIES[0]!;
await osv.control.addAdvisory({
  ...modified,
  modified: new Date(Date.now() + 1_000).toISOString(),
});
await osv.control.addAdvisory({
  ...LOCAL_ADVISORIES[0]!,
  id: 'GHSA-bench-new1-0001',
  modified: new Date().toISOString(),
});
await runOnce('one new, one modified', warm);
clearInterval(sampler);
globalThis.fetch = realFetch;
await osv.stop();

console.table(rows);
console.log(
  `querybatch at most ${OSV_BATCH_SIZE} queries a request (OSV's documented maximum); peak RSS ${Math.round(peakRss / 1024 / 1024)} MB`,
);
