/**
 * A 200 MB bundle read the two ways the product reads an uploaded zip, from S3 (s3rver):
 * - scanned: the security scan with its manifest (`inspectArchive` on the bucket's object);
 * - deployed: the file-reading part of a buyer deploy (`readBundleFiles`, then every file's bytes
 *   read as the git writer reads them, six at a time, each hashed as a git blob), without GitHub.
 * Each runs in a fresh child process that samples its memory every 5 ms (RSS, V8 heap, and the
 * Buffers outside the heap), so the figure is the reading's own. The bundle (about 190 MB of
 * incompressible images and 8 MB of source text) is built in a temporary folder at bench time.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import getPort from 'get-port';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const MB = 1024 * 1024;
const IMAGE_BYTES = 512 * 1024;
const IMAGES = 380;
const SOURCE_FILES = 400;
const BUCKET = 'bench-archives';

/** Writes the bundle to `file` entry by entry (the builder never holds it whole). */
const writeBundle = async (file: string): Promise<void> => {
  const out = createWriteStream(file);
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.write(chunk);
  });
  const mtime = new Date('2025-01-01T00:00:00Z');
  const line = (i: number) =>
    `export const component${i} = (props: { title: string }) => <section className="c-${i}">{props.title}</section>;\n`;
  for (let f = 0; f < SOURCE_FILES; f += 1) {
    const entry = new ZipDeflate(`app/src/components/component-${f}.tsx`, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    const text = Array.from({ length: 190 }, (_, i) => line(f * 190 + i)).join('');
    entry.push(new TextEncoder().encode(text), true);
  }
  for (let i = 0; i < IMAGES; i += 1) {
    const entry = new ZipPassThrough(`app/public/images/image-${i}.png`);
    entry.mtime = mtime;
    zip.add(entry);
    const image = randomBytes(IMAGE_BYTES);
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 0);
    entry.push(image, true);
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  zip.end();
  out.end();
  await once(out, 'close');
};

/** Memory peaks of this process from now on, sampled every 5 ms. */
const sampleMemory = () => {
  const peak = { rss: 0, heapUsed: 0, outside: 0 };
  const take = () => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed);
    peak.outside = Math.max(peak.outside, usage.external + usage.arrayBuffers);
  };
  take();
  const base = process.memoryUsage().rss;
  const timer = setInterval(take, 5);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return { baseRssMb: base / MB, ...mb(peak) };
    },
  };
};

const mb = (peak: { rss: number; heapUsed: number; outside: number }) => ({
  rssMb: peak.rss / MB,
  heapMb: peak.heapUsed / MB,
  outsideMb: peak.outside / MB,
});

type ChildFigures = ReturnType<ReturnType<typeof sampleMemory>['stop']> & {
  ms: number;
  files: number;
  bytes: number;
};

/** Child mode: scan or deploy-read the bundle at `key`, print the figures as JSON. */
const child = async (mode: 'scan' | 'deploy', key: string) => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const memory = sampleMemory();
  const started = performance.now();
  let files = 0;
  let bytes = 0;
  if (mode === 'scan') {
    const { inspectArchive } = await import('../../lambdas/processing/scanner/index');
    const { s3Source } = await import('../../lambdas/shared/archives/s3-source');
    const { result, manifest } = await inspectArchive(s3Source(key), 'bundle.zip');
    if (!result.clean || !manifest) throw new Error(`bench bundle not clean: ${result.reason}`);
    files = manifest.manifest.files.length;
    bytes = result.uncompressedBytes;
  } else {
    const { readBundleFiles } = await import('../../lambdas/deployments/bundle-files');
    const list = await readBundleFiles(key);
    // The git writer's way: a few files at a time, each file's bytes once, hashed as a blob.
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const file = list[next++]! as { bytes?: Uint8Array; read?: () => Promise<Uint8Array> };
        const content = file.read ? await file.read() : file.bytes!;
        createHash('sha1').update(`blob ${content.byteLength}\0`).update(content).digest('hex');
        files += 1;
        bytes += content.byteLength;
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, files, bytes, ...memory.stop() }));
};

const runChild = (mode: string, key: string, env: NodeJS.ProcessEnv) =>
  new Promise<ChildFigures>((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, `--${mode}`, key],
      { stdio: ['ignore', 'pipe', 'inherit'], env },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as ChildFigures)
        : reject(new Error(`${mode} child exited ${code}`)),
    );
  });

const main = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'archives-bench-'));
  const { startS3 } = await import('../../lib/local/emulators/index');
  const { createS3Client } = await import('../../lib/local/emulators/resources');
  const { CreateBucketCommand, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = await startS3({ port: await getPort(), directory: path.join(dir, 's3') });
  try {
    const file = path.join(dir, 'bundle.zip');
    await writeBundle(file);
    const size = (await stat(file)).size;
    const client = createS3Client(s3.endpoint);
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const key = 'mvps/bench/bundle.zip';
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
      }),
    );
    const { lambdaEnvironment } = await import('../../lib/local/cloud/lambda-env');
    const env = {
      ...process.env,
      ...lambdaEnvironment({
        tableName: 'bench-archives',
        buckets: { mvpFiles: BUCKET, previewImages: BUCKET },
        userPoolId: 'local_bench',
        userPoolClientId: 'bench',
        endpoints: { dynamodb: s3.endpoint, s3: s3.endpoint, cognito: s3.endpoint },
        betaAccess: false,
      }),
    };
    const rows: string[][] = [];
    for (const mode of ['scan', 'deploy', 'scan', 'deploy']) {
      const figures = await runChild(mode, key, env);
      rows.push([
        mode === 'scan' ? 'scanned' : 'deployed (read)',
        `${figures.files} files, ${(figures.bytes / MB).toFixed(0)} MB`,
        `${(figures.ms / 1000).toFixed(2)} s`,
        `${figures.rssMb.toFixed(0)} MB (base ${figures.baseRssMb.toFixed(0)})`,
        `${figures.heapMb.toFixed(0)} MB`,
        `${figures.outsideMb.toFixed(0)} MB`,
      ]);
    }
    const header = ['bundle read', 'contents', 'wall', 'peak RSS', 'peak heap', 'peak Buffers'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`A ${(size / MB).toFixed(0)} MB zip bundle in s3rver (each run a fresh process)`);
    console.log(line(header));
    for (const row of rows) console.log(line(row));
  } finally {
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  }
};

const modeIndex = process.argv.findIndex((arg) => arg === '--scan' || arg === '--deploy');
if (modeIndex >= 0) {
  await child(
    process.argv[modeIndex] === '--scan' ? 'scan' : 'deploy',
    process.argv[modeIndex + 1]!,
  );
} else await main();
