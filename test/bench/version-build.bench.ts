/**
 * The local build of the demo Vite template (lib/local/seed/vite-starter.ts: React, TypeScript,
 * `tsc -b && vite build`), offline, as the pipeline's Build state runs it locally
 * (lib/local/build/execute.ts: extract, `npm ci` from the local registry, install scripts and the
 * build in the sandbox, output measured), with the registry:
 *
 * - cold: a new storage folder, seeded from this project's packages, then verdaccio started;
 * - warm: the same registry again (its files read once already);
 * - restarted: verdaccio started again on the kept storage (the seed reused, as a second
 *   `npm start`).
 *
 * The bundle is read from memory (no S3), so the figures are the registry's and the build's.
 * "publish ms": the built site and its pictures written to the live previews' bucket (s3rver on
 * this machine) as the local Build state writes them (publishBuildOutput), one object at a time.
 * "screenshot time": each build ends with the pictures of the built site's first screen
 * (lib/local/build/capture.ts), desktop and phone, each from the page's opening to its PNG; the
 * browser's start is the total's share beyond the two.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildEnvironmentOf,
  buildSettingsFromEnvironment,
  planBuild,
} from '../../contract/design/build';
import { filesOfArchive } from '../../lambdas/deployments/bundle-files';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import getPort from 'get-port';
import { publishBuildOutput } from '../../lib/local/build/codebuild';
import { runLocalBuild } from '../../lib/local/build/execute';
import { lambdaEnvironment } from '../../lib/local/cloud/lambda-env';
import { startS3 } from '../../lib/local/emulators/index';
import { createS3Client } from '../../lib/local/emulators/resources';
import { startLocalRegistry, type LocalRegistry } from '../../lib/local/build/registry';
import { viteStarterFiles } from '../../lib/local/seed/vite-starter';
import { zipOf } from '../fixtures/archives/writers';

const files = viteStarterFiles({ name: 'bench-vite', version: '1.0.0', title: 'Bench' });
const bytes = zipOf(Object.fromEntries(Object.entries(files).map(([p, t]) => [`app/${p}`, t])));
const plan = planBuild({
  paths: Object.keys(files),
  packageJson: JSON.parse(files['package.json']!) as { scripts: Record<string, string> },
  site: { framework: 'Vite', build_command: 'npm run build', publish_dir: 'dist', base_dir: '' },
});
const settings = buildSettingsFromEnvironment(
  Object.fromEntries(
    buildEnvironmentOf(
      plan,
      { bucket: 'bench', key: 'bundle.zip' },
      { bucket: 'bench', recordKey: 'record.json', sitePrefix: 'site/' },
    ).map(({ Name, Value }) => [Name, Value]),
  ),
);

const rows: Record<string, string | number>[] = [];

const build = async (label: string, registry: LocalRegistry, registryMs: number) => {
  const started = performance.now();
  const result = await runLocalBuild(settings, {
    registryUrl: registry.url,
    readBundle: () => filesOfArchive(bytes, 'bundle.zip'),
  });
  const total = Math.round(performance.now() - started);
  const publishing = performance.now();
  await publishBuildOutput({ bucket: PREVIEW_BUCKET, sitePrefix: `sites/bench/${label}/` }, result);
  const publishMs = Math.round(performance.now() - publishing);
  await result.cleanUp();
  const { record } = result;
  const shot = (viewport: 'desktop' | 'phone') =>
    record.screenshots?.find((picture) => picture.viewport === viewport)?.ms ??
    `none (${record.screenshot_reason ?? 'not taken'})`;
  if (record.outcome !== 'built') {
    console.error(record.log_tail.slice(-20).join('\n'));
    throw new Error(`${label}: ${record.outcome} (${record.reason})`);
  }
  rows.push({
    registry: label,
    'seed ms': registry.seed.seeded ? registry.seed.ms : `${registry.seed.ms} (reused)`,
    'registry up ms': registryMs,
    'install ms': record.install_ms!,
    'build ms': record.build_ms!,
    'total ms': total,
    'output KB': Math.round(record.output_bytes! / 1024),
    'publish ms': `${publishMs} (${result.siteFiles.length + result.pictures.length} files)`,
    'desktop screenshot ms': shot('desktop'),
    'phone screenshot ms': shot('phone'),
    sandbox: record.sandbox!,
  });
};

const dir = await mkdtemp(path.join(tmpdir(), 'bench-registry-'));
// The live previews' bucket in s3rver, reached as the functions reach S3 locally.
const PREVIEW_BUCKET = 'bench-live-previews';
const s3 = await startS3({ port: await getPort(), directory: path.join(dir, 's3') });
Object.assign(
  process.env,
  lambdaEnvironment({
    tableName: 'bench-builds',
    buckets: { mvpFiles: PREVIEW_BUCKET, previewImages: PREVIEW_BUCKET },
    userPoolId: 'local_bench',
    userPoolClientId: 'bench',
    endpoints: { dynamodb: s3.endpoint, s3: s3.endpoint, cognito: s3.endpoint },
    betaAccess: false,
  }),
);
await createS3Client(s3.endpoint).send(new CreateBucketCommand({ Bucket: PREVIEW_BUCKET }));
try {
  let started = performance.now();
  let registry = await startLocalRegistry({ dir });
  let registryMs = Math.round(performance.now() - started);
  await build('cold', registry, registryMs);
  await build('warm', registry, registryMs);
  await registry.stop();
  started = performance.now();
  registry = await startLocalRegistry({ dir });
  registryMs = Math.round(performance.now() - started);
  await build('restarted', registry, registryMs);
  await registry.stop();
  console.log(
    `Seed: ${registry.seed.versions} package versions (${registry.seed.fromCache} from npm's cache, ${registry.seed.repacked} packed again)`,
  );
  console.table(rows);
} finally {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
}
