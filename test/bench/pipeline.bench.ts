/**
 * The processing pipeline, measured locally:
 * - registration → approved: `startProcessing` on a registered 1 MB and 50 MB bundle in s3rver,
 *   through the whole state machine (aws-local-stepfunctions, the real tasks, DynamoDB Local),
 *   until the MVP is approved;
 * - the scanner alone: throughput (MB/s of archive) and peak RSS while scanning, each measured in
 *   a fresh child process (RSS sampled every 5 ms) so nothing else inflates the figure.
 * Bundles are realistic: source text (compressible) plus binary assets (incompressible), built
 * deterministically in a temporary folder. Local figures: compare sizes, not clouds.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import getPort from 'get-port';
import { zipSync, type Zippable } from 'fflate';
import { pseudoRandomBytes } from '../fixtures/archives/clean-templates';

const MB = 1024 * 1024;
const SIZES_MB = [1, 50];

/** A template of about `megabytes` compressed: source files (highly compressible) and images. */
const buildBundle = (megabytes: number): Uint8Array => {
  const files: Zippable = {};
  const mtime = new Date('2025-01-01T00:00:00Z');
  const sourceLine = (i: number) =>
    `export const component${i} = (props: { title: string }) => <section className="c-${i}">{props.title}</section>;\n`;
  let textBytes = 0;
  for (let f = 0; textBytes < megabytes * MB * 1.5; f += 1) {
    const lines = Array.from({ length: 400 }, (_, i) => sourceLine(f * 400 + i)).join('');
    files[`app/src/components/component-${f}.tsx`] = [new TextEncoder().encode(lines), { mtime }];
    textBytes += lines.length;
  }
  const imageCount = Math.max(1, Math.round((megabytes * 0.92 * MB) / (512 * 1024)));
  for (let i = 0; i < imageCount; i += 1) {
    const image = pseudoRandomBytes(`image-${i}`, 512 * 1024);
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    files[`app/public/images/image-${i}.png`] = [image, { mtime, level: 0 }];
  }
  return zipSync(files, { mtime });
};

/** Child mode: scan one file, print { ms, peakRssMb, baseRssMb } as JSON. */
const scanInChild = async (file: string) => {
  const { scanArchive } = await import('../../lambdas/processing/scanner/index');
  const { fileSource } = await import('../../lambdas/processing/scanner/source');
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const result = await scanArchive(fileSource(file), path.basename(file));
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (!result.clean) throw new Error(`bench bundle not clean: ${result.reason}`);
  console.log(JSON.stringify({ ms, peakRssMb: peak / MB, baseRssMb: base / MB }));
};

const runChild = (file: string) =>
  new Promise<{ ms: number; peakRssMb: number; baseRssMb: number }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--scan', file],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!))
        : reject(new Error(`scan child exited ${code}`)),
    );
  });

const main = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'pipeline-bench-'));
  const { startDynamoDb, startS3 } = await import('../../lib/local/emulators/index');
  const { applyLambdaEnvironment, lambdaEnvironment } =
    await import('../../lib/local/cloud/lambda-env');
  const { createDynamoClient, createS3Client, ensureBuckets, ensureTable } =
    await import('../../lib/local/emulators/resources');
  const [dynamoPort, s3Port] = [await getPort(), await getPort()];
  const dynamo = await startDynamoDb({ port: dynamoPort });
  const s3 = await startS3({ port: s3Port, directory: path.join(dir, 's3') });
  try {
    const buckets = { mvpFiles: 'bench-mvp-files', previewImages: 'bench-previews' };
    applyLambdaEnvironment(
      lambdaEnvironment({
        tableName: 'bench-pipeline',
        buckets,
        userPoolId: 'local_bench',
        userPoolClientId: 'bench',
        endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: dynamo.endpoint },
        betaAccess: false,
      }),
    );
    process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    await ensureTable(createDynamoClient(dynamo.endpoint), 'bench-pipeline');
    await ensureBuckets(createS3Client(s3.endpoint), buckets);

    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const { ulid } = await import('ulid');
    const { TemplateEntity } = await import('../../lambdas/shared/db/entities/template');
    const { TemplateVersionEntity } =
      await import('../../lambdas/shared/db/entities/template-version');
    const { setWorkflowRunner } = await import('../../lambdas/shared/adapters/workflow');
    const { createLocalWorkflowRunner } = await import('../../lib/local/cloud/state-machines');
    const { startProcessing } = await import('../../lambdas/templates/processing-start');
    const runner = createLocalWorkflowRunner();
    setWorkflowRunner(runner);
    const s3Client = createS3Client(s3.endpoint);

    const rows: string[][] = [];
    for (const megabytes of SIZES_MB) {
      const bytes = buildBundle(megabytes);
      const file = path.join(dir, `bundle-${megabytes}mb.zip`);
      await writeFile(file, bytes);

      // Registration as the seller domain leaves it: object, MVP pending_review, version item.
      const templateId = ulid();
      const versionId = ulid();
      const fileKey = `mvps/bench-seller/${templateId}/${versionId}/bundle.zip`;
      await s3Client.send(
        new PutObjectCommand({
          Bucket: buckets.mvpFiles,
          Key: fileKey,
          Body: await readFile(file),
        }),
      );
      const now = new Date().toISOString();
      await TemplateEntity.create({
        id: templateId,
        seller_id: 'bench-seller',
        title: `Bench ${megabytes} MB`,
        slug: `bench-${megabytes}-${templateId}`,
        tagline: 'Bench',
        description: 'Bench',
        features: ['x'],
        tech_stack: ['React'],
        category: 'SaaS',
        preview_image_keys: [],
        status: 'pending_review',
        file_key: fileKey,
        file_size: bytes.length,
        original_file_name: 'bundle.zip',
        created_at: now,
        updated_at: now,
      }).go();
      await TemplateVersionEntity.create({
        mvp_id: templateId,
        id: versionId,
        version_number: '1.0.0',
        file_key: fileKey,
        file_size: bytes.length,
        original_file_name: 'bundle.zip',
        source: 'upload',
        uploaded_at: now,
      }).go();

      const started = performance.now();
      await startProcessing({ mvpId: templateId, versionId, fileKey });
      await Promise.all([...runner.running]);
      const pipelineMs = performance.now() - started;
      const status = (await TemplateEntity.get({ id: templateId }).go({ consistent: true })).data
        ?.status;
      if (status !== 'approved') throw new Error(`${megabytes} MB bundle ended ${status}`);

      const scan = await runChild(file);
      rows.push([
        `${(bytes.length / MB).toFixed(1)} MB`,
        `${(pipelineMs / 1000).toFixed(2)} s`,
        `${(scan.ms / 1000).toFixed(2)} s`,
        `${(bytes.length / MB / (scan.ms / 1000)).toFixed(1)} MB/s`,
        `${scan.peakRssMb.toFixed(0)} MB (base ${scan.baseRssMb.toFixed(0)} MB)`,
      ]);
    }
    const header = [
      'bundle',
      'registration → approved',
      'scan only',
      'scanner throughput',
      'peak RSS while scanning',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log('Processing pipeline (local: s3rver, DynamoDB Local, aws-local-stepfunctions)');
    console.log(line(header));
    for (const row of rows) console.log(line(row));
  } finally {
    await Promise.all([dynamo.stop(), s3.stop()]);
    await rm(dir, { recursive: true, force: true });
  }
};

const scanIndex = process.argv.indexOf('--scan');
if (scanIndex >= 0) await scanInChild(process.argv[scanIndex + 1]!);
else await main();
