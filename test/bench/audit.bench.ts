/**
 * The dependency audit of one large lock file against the local OSV server
 * (lib/local/servers/osv): a package-lock.json (v3) of 2,000 packages, a few of them at versions
 * real advisories affect. Other sizes: `AUDIT_BENCH_PACKAGES=2000,5000`.
 *
 * - parse: the lock file and its manifest read into the dependency list (lockfiles/index.ts);
 * - audit: the lookup as the Audit step makes it (lambdas/security/audit.ts): querybatch in
 *   batches of 1,000, then each distinct advisory read once;
 * - one query a request: the same lookup without batching (one querybatch request per package,
 *   10 in flight), the shape a naive client would have; the ratio is batching's gain;
 * - read: the lock file and manifest read out of a bundle of 1,000 other files, as a zip and as a
 *   RAR (lambdas/security/bundle-files.ts; the RAR's first read includes loading unrar).
 *
 * Three runs each, the median reported, with the process's peak RSS. The local server answers from
 * memory on the same machine: read the figures as the cost's shape (requests, ratio), not as
 * api.osv.dev's latency.
 */
import { performance } from 'node:perf_hooks';
import { auditPackages } from '../../lambdas/security/audit';
import { readAuditedFiles } from '../../lambdas/security/bundle-files';
import { bufferSource } from '../../lambdas/shared/archives/source';
import { rarOf } from '../fixtures/archives/rar-writer';
import { zipOf } from '../fixtures/archives/writers';
import { bundleDependencies } from '../../lambdas/security/lockfiles/index';
import { createOsvClient, type OsvClient } from '../../lambdas/security/osv';
import type { PinnedPackage } from '../../lambdas/security/repo';
import { mapWithConcurrency } from '../../lambdas/shared/concurrency';
import { startLocalOsv } from '../../lib/local/servers/osv/index';

const SIZES = (process.env.AUDIT_BENCH_PACKAGES ?? '2000').split(',').map(Number);
const RUNS = 3;

/** Versions the local advisories affect: each gives at least one finding. */
const VULNERABLE: [string, string][] = [
  ['lodash', '4.17.15'],
  ['minimist', '1.2.5'],
  ['ws', '7.4.6'],
  ['next', '14.1.0'],
  ['semver', '7.5.1'],
  ['axios', '1.5.1'],
  ['express', '4.19.2'],
];

/** A package-lock.json of `count` packages (the vulnerable ones among them) and its manifest. */
const lockFileOf = (count: number) => {
  const packages: Record<string, { version: string }> = { '': { version: '1.0.0' } };
  VULNERABLE.forEach(([name, version]) => {
    packages[`node_modules/${name}`] = { version };
  });
  for (let i = VULNERABLE.length; i < count; i += 1) {
    const name = `bench-package-${String(i).padStart(5, '0')}`;
    packages[`node_modules/${name}`] = { version: `${1 + (i % 7)}.${i % 13}.${i % 5}` };
  }
  const direct = Object.keys(packages)
    .slice(1, 101)
    .map((key) => key.replace('node_modules/', ''));
  return {
    lock: JSON.stringify({ name: 'bench', lockfileVersion: 3, packages }),
    manifest: JSON.stringify({ dependencies: Object.fromEntries(direct.map((n) => [n, '*'])) }),
  };
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const timed = async <T>(work: () => Promise<T> | T) => {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
};

/** The same lookup with one package per querybatch request. */
const unbatched = async (client: OsvClient, packages: readonly PinnedPackage[]) => {
  const ids = await mapWithConcurrency(
    packages,
    10,
    async (pkg) => (await client.queryBatch([pkg]))[0]!,
  );
  await client.getVulnerabilities(ids.flat());
  return ids.flat().length;
};

/** The bundle's files: the lock file and manifest among 1,000 source files of 2 KB. */
const bundleOf = (files: Map<string, string>) => {
  const tree: Record<string, string> = Object.fromEntries(files);
  for (let i = 0; i < 1_000; i += 1) tree[`app/src/file-${i}.js`] = `// ${i}\n`.padEnd(2048, 'x');
  return tree;
};

/** The read of the audited files out of `bytes`: its time and how many files it found. */
const readTimed = async (bytes: Uint8Array, name: string) => {
  const read = await timed(() => readAuditedFiles(bufferSource(bytes, name), name));
  return { ms: read.ms, files: read.result.files.size };
};

const osv = await startLocalOsv({ port: 0 });
const rows: Record<string, number | string>[] = [];
try {
  for (const size of SIZES) {
    const { lock, manifest } = lockFileOf(size);
    const files = new Map([
      ['app/package.json', manifest],
      ['app/package-lock.json', lock],
    ]);
    const tree = bundleOf(files);
    const zipBytes = zipOf(tree);
    const rarBytes = rarOf(tree);
    const zipRead: number[] = [];
    const rarRead: number[] = [];
    let rarFiles = 0;
    const parse: number[] = [];
    const audit: number[] = [];
    const single: number[] = [];
    let findings = 0;
    let requests = 0;
    let singleRequests = 0;
    let packages: PinnedPackage[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      zipRead.push((await readTimed(zipBytes, 'bench.zip')).ms);
      const rar = await readTimed(rarBytes, 'bench.rar');
      rarRead.push(rar.ms);
      rarFiles = rar.files;
      const parsed = await timed(() => bundleDependencies(files));
      parse.push(parsed.ms);
      packages = parsed.result.packages;
      const client = createOsvClient({
        baseUrl: osv.endpoint,
        timeoutMs: 30_000,
        retryBaseMs: 100,
      });
      const audited = await timed(() => auditPackages(client, packages));
      audit.push(audited.ms);
      findings = audited.result.length;
      requests = client.stats.requests;
      const naive = createOsvClient({ baseUrl: osv.endpoint, timeoutMs: 30_000, retryBaseMs: 100 });
      single.push((await timed(() => unbatched(naive, packages))).ms);
      singleRequests = naive.stats.requests;
    }
    rows.push({
      packages: packages.length,
      'zip read ms': Math.round(median(zipRead)),
      'RAR read ms': Math.round(median(rarRead)),
      'RAR files read': rarFiles,
      'parse ms': Math.round(median(parse)),
      'audit ms': Math.round(median(audit)),
      'audit requests': requests,
      findings,
      'unbatched ms': Math.round(median(single)),
      'unbatched requests': singleRequests,
      'batching gain': `${(median(single) / median(audit)).toFixed(1)}x`,
      'under 2 s': median(parse) + median(audit) < 2_000 ? 'yes' : 'NO',
    });
  }
} finally {
  await osv.stop();
}
console.table(rows);
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
