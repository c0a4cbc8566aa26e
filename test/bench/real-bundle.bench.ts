/**
 * Scan + audit of a large real-shaped bundle, as the processing pipeline's Scan and Audit steps
 * read it: a 7,000-file, 50 MB zip (a pnpm monorepo's sources, docs and images, with a
 * `pnpm-lock.yaml` of 1,600 packages, a `backend/uv.lock` and a `frontend/bun.lock`, example env
 * files and public `.env` values) scanned by the upload scanner, then its lock files read out of the
 * archive, parsed and looked up in the local OSV server (lib/local/servers/osv).
 *
 * Measured in a fresh child process per run (RSS sampled every 5 ms), three runs, the median and
 * the worst peak RSS reported. The goal: under 30 s and 256 MB on this machine. The child runs
 * with the heap flags Lambda's Node.js bootstrap gives a 256 MB function (a tenth of the memory
 * for the young generation, split into two semi-spaces; the rest for the old one): V8 sizes its
 * heap from the machine's memory otherwise, and on a 24 GB machine lets garbage (inflated chunks
 * already searched) pile up to over 300 MB before collecting it, which no 256 MB function does.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { zipSync, type Zippable } from 'fflate';
import { pseudoRandomBytes } from '../fixtures/archives/clean-templates';

const MB = 1024 * 1024;
const RUNS = 3;
const FILES = 7_000;
const mtime = new Date('2025-01-01T00:00:00Z');

const pnpmLockOf = (count: number) => {
  const names = Array.from({ length: count }, (_, i) => `pkg-${String(i).padStart(4, '0')}`);
  const version = (i: number) => `${1 + (i % 9)}.${i % 17}.${i % 5}`;
  const importers = names
    .slice(0, 60)
    .map(
      (name, i) =>
        `      ${name}:\n        specifier: ^${version(i)}\n        version: ${version(i)}`,
    )
    .join('\n');
  const packages = names
    .map(
      (name, i) =>
        `  ${name}@${version(i)}:\n    resolution: {integrity: sha512-${Buffer.from(name).toString('base64')}==}`,
    )
    .join('\n\n');
  const snapshots = names.map((name, i) => `  ${name}@${version(i)}: {}`).join('\n\n');
  return [
    "lockfileVersion: '9.0'",
    '',
    'importers:',
    '',
    '  .:',
    '    dependencies:',
    importers,
    '',
    'packages:',
    '',
    packages,
    '',
    'snapshots:',
    '',
    snapshots,
    '',
  ].join('\n');
};

const uvLockOf = (count: number) =>
  [
    'version = 1',
    'requires-python = ">=3.10"',
    '',
    '[[package]]\nname = "backend"\nversion = "0.1.0"\nsource = { editable = "." }',
    ...Array.from(
      { length: count },
      (_, i) =>
        `[[package]]\nname = "py-pkg-${i}"\nversion = "1.${i % 11}.0"\nsource = { registry = "https://pypi.org/simple" }`,
    ),
    '',
  ].join('\n\n');

const bunLockOf = (count: number) =>
  `{\n  "lockfileVersion": 1,\n  "workspaces": {\n    "": {\n      "name": "frontend",\n      "dependencies": {\n        "js-pkg-0": "^1.0.0",\n      },\n    },\n  },\n  "packages": {\n${Array.from(
    { length: count },
    (_, i) =>
      `    "js-pkg-${i}": ["js-pkg-${i}@1.${i % 7}.0", "", {}, "sha512-${Buffer.from(String(i)).toString('base64')}=="],`,
  ).join('\n')}\n  }\n}\n`;

/** The bundle: text files to 7,000 entries, then incompressible images to about 50 MB. */
const buildBundle = (): Uint8Array => {
  const files: Zippable = {};
  const add = (name: string, content: string | Uint8Array, level?: 0) => {
    files[name] = [
      typeof content === 'string' ? new TextEncoder().encode(content) : content,
      level === 0 ? { mtime, level: 0 } : { mtime },
    ];
  };
  add('package.json', JSON.stringify({ name: 'big', private: true, dependencies: {} }));
  add('pnpm-lock.yaml', pnpmLockOf(1_600));
  add('backend/pyproject.toml', '[project]\nname = "backend"\ndependencies = ["py-pkg-0"]\n');
  add('backend/uv.lock', uvLockOf(150));
  add(
    'frontend/package.json',
    JSON.stringify({ name: 'frontend', dependencies: { 'js-pkg-0': '^1.0.0' } }),
  );
  add('frontend/bun.lock', bunLockOf(300));
  add('.env.local.example', 'NEXT_PUBLIC_SUPABASE_URL=\nSTRIPE_SECRET_KEY=\n');
  add('.env', 'NEXT_PUBLIC_SITE_URL=http://localhost:3000\nNEXT_TELEMETRY_DISABLED=1\n');
  add('README.md', '# Big starter\n\n![Demo](public/images/image-0.png)\n');
  const images = 90;
  const textFiles = FILES - Object.keys(files).length - images;
  for (let i = 0; i < textFiles; i += 1) {
    const folder = i % 5 === 0 ? 'docs/pages' : `apps/web/src/components/group-${i % 40}`;
    const line = `export const Component${i} = () => <section className="c-${i}">Item ${i}</section>;\n`;
    add(`${folder}/file-${i}.${i % 5 === 0 ? 'md' : 'tsx'}`, line.repeat(40 + (i % 30)));
  }
  for (let i = 0; i < images; i += 1) {
    const image = pseudoRandomBytes(`image-${i}`, 540 * 1024);
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    add(`public/images/image-${i}.png`, image, 0);
  }
  return zipSync(files, { mtime });
};

interface ChildResult {
  scanMs: number;
  auditMs: number;
  peakRssMb: number;
  /** The peak while scanning (the rest is the audit's). */
  scanPeakRssMb: number;
  /** The process with its modules loaded, before any work. */
  baseRssMb: number;
  files: number;
  lockFiles: string[];
  packages: number;
}

/** Child mode: scan, then audit, the bundle at `file`; prints the figures as JSON. */
const measureInChild = async (file: string, osvUrl: string) => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const { scanArchive } = await import('../../lambdas/processing/scanner/index');
  const { fileSource } = await import('../../lambdas/shared/archives/source');
  const { readAuditedFiles } = await import('../../lambdas/security/bundle-files');
  const { bundleDependencies } = await import('../../lambdas/security/lockfiles/index');
  const { auditPackages } = await import('../../lambdas/security/audit');
  const { createOsvClient } = await import('../../lambdas/security/osv');
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const scan = await scanArchive(fileSource(file), 'bundle.zip');
  const scanned = performance.now();
  const scanPeak = Math.max(peak, process.memoryUsage().rss);
  if (!scan.clean) throw new Error(`bench bundle not clean: ${scan.reason}`);
  const read = await readAuditedFiles(fileSource(file), 'bundle.zip');
  const dependencies = await bundleDependencies(read.files);
  await auditPackages(
    createOsvClient({ baseUrl: osvUrl, timeoutMs: 30_000, retryBaseMs: 100 }),
    dependencies.packages,
  );
  const audited = performance.now();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const result: ChildResult = {
    scanMs: scanned - started,
    auditMs: audited - scanned,
    peakRssMb: peak / MB,
    scanPeakRssMb: scanPeak / MB,
    baseRssMb: base / MB,
    files: scan.entries,
    lockFiles: dependencies.lockFiles,
    packages: dependencies.packages.length,
  };
  console.log(JSON.stringify(result));
};

/** Lambda's Node.js bootstrap: `new_space = memory / 10`, two semi-spaces, the rest old space. */
const LAMBDA_MEMORY_MB = 256;
const lambdaHeapFlags = (memoryMb: number) => {
  const newSpace = Math.floor(memoryMb / 10);
  return [
    `--max-semi-space-size=${Math.floor(newSpace / 2)}`,
    `--max-old-space-size=${memoryMb - newSpace}`,
  ];
};

const runChild = (file: string, osvUrl: string) =>
  new Promise<ChildResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...lambdaHeapFlags(LAMBDA_MEMORY_MB),
        '--import',
        'tsx',
        import.meta.filename,
        '--child',
        file,
        osvUrl,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as ChildResult)
        : reject(new Error(`bench child exited ${code}`)),
    );
  });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const main = async () => {
  const { startLocalOsv } = await import('../../lib/local/servers/osv/index');
  const dir = await mkdtemp(path.join(tmpdir(), 'real-bundle-bench-'));
  const osv = await startLocalOsv({ port: 0 });
  try {
    const bytes = buildBundle();
    const file = path.join(dir, 'bundle.zip');
    await writeFile(file, bytes);
    const runs: ChildResult[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await runChild(file, osv.endpoint));
    const total = runs.map((run) => run.scanMs + run.auditMs);
    const [first] = runs;
    console.log(
      `Scan + audit of a ${FILES.toLocaleString('en')}-file, ${(bytes.length / MB).toFixed(1)} MB bundle ` +
        `(${first!.files.toLocaleString('en')} entries scanned, ${RUNS} runs, fresh process each; lock files read: ${first!.lockFiles.join(', ')}; ` +
        `${first!.packages.toLocaleString('en')} packages; heap flags of a ${LAMBDA_MEMORY_MB} MB Lambda: ` +
        `${lambdaHeapFlags(LAMBDA_MEMORY_MB).join(' ')})`,
    );
    console.log(`scan        median ${(median(runs.map((r) => r.scanMs)) / 1000).toFixed(2)} s`);
    console.log(`audit       median ${(median(runs.map((r) => r.auditMs)) / 1000).toFixed(2)} s`);
    console.log(
      `scan+audit  median ${(median(total) / 1000).toFixed(2)} s, worst ${(Math.max(...total) / 1000).toFixed(2)} s (goal < 30 s)`,
    );
    console.log(
      `peak RSS    worst ${Math.max(...runs.map((r) => r.peakRssMb)).toFixed(0)} MB (goal < 256 MB); ` +
        `while scanning ${Math.max(...runs.map((r) => r.scanPeakRssMb)).toFixed(0)} MB; ` +
        `before any work ${Math.max(...runs.map((r) => r.baseRssMb)).toFixed(0)} MB`,
    );
  } finally {
    await osv.stop();
    await rm(dir, { recursive: true, force: true });
  }
};

if (process.argv[2] === '--child') await measureInChild(process.argv[3]!, process.argv[4]!);
else await main();
