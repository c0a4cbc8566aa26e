/**
 * Lambda cold start: for every function of the app, the bundle as `cdk deploy`
 * builds it (split: "start KB" is the entry and its static chunks, what an import loads; "all KB"
 * adds the chunks loaded on first use), and the time a fresh Node process takes to import it, against a bare handler that only
 * creates the DynamoDB document client (the floor every function pays for the SDK).
 *
 * Goal: every bundle ≤ 250 KB minified (also enforced by test/infra/bundle-budget.test.ts) and
 * every import ≤ 1.5× the bare handler's. Each import is timed in its own `node` process (no module
 * cache), RUNS times, alternating with the bare handler so both see the same machine load; the
 * ratio of the two medians cancels out most of the machine's speed (a 256 MB Lambda is slower in
 * absolute terms, not in proportion).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleFunction, listFunctionEntries } from '../fixtures/lambda-bundles';

const RUNS = 15;
const BUDGET_KB = 250;
const RATIO_GOAL = 1.5;

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the repository, so the bundles resolve the AWS SDK from node_modules as Lambda's runtime would.
const outdir = mkdtempSync(path.join(root, '.local', 'cold-start-'));

const bare = path.join(outdir, 'bare.ts');
writeFileSync(
  bare,
  `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => client.send(new GetCommand({ TableName: 't', Key: { pk: 'x' } }));
`,
);

/** The environment a deployed function has (values are never used: nothing runs but the import). */
const env = {
  ...process.env,
  AWS_REGION: 'eu-west-2',
  TABLE_NAME: 'bench',
  MVP_FILES_BUCKET: 'bench-files',
  PREVIEW_IMAGES_BUCKET: 'bench-previews',
  USER_POOL_ID: 'eu-west-2_bench',
  USER_POOL_CLIENT_ID: 'bench',
  POWERTOOLS_LOG_LEVEL: 'SILENT',
};

/**
 * The first call: a cheap request that needs no I/O, so that it times the code a first call loads
 * and runs beyond the import (a ratio under 1 could mean work moved there). An API function gets a
 * GET of a path no route has (its router answers 404); a task gets an empty input (its schema
 * refuses it). The bare handler is not called: its one operation is a network read.
 */
/** One new process: the import's time and, when `call` is set, the first call's after it. */
const importMs = (file: string, call?: 'api' | 'task'): { ms: number; callMs: number } => {
  const event =
    call === 'api'
      ? JSON.stringify({
          version: '2.0',
          routeKey: '$default',
          rawPath: '/api/cold-start-probe',
          rawQueryString: '',
          headers: {},
          requestContext: {
            http: { method: 'GET', path: '/api/cold-start-probe', sourceIp: '127.0.0.1' },
            requestId: 'cold-start',
            routeKey: '$default',
            stage: '$default',
          },
          isBase64Encoded: false,
        })
      : '{}';
  const context = JSON.stringify({
    awsRequestId: 'cold-start',
    functionName: 'cold-start',
    getRemainingTimeInMillis: null,
  });
  const callCode = call
    ? `const ctx = ${context}; ctx.getRemainingTimeInMillis = () => 10000;
       const c = performance.now();
       try { await mod.handler(${event}, ctx); } catch {}
       callMs = performance.now() - c;`
    : '';
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const t = performance.now(); const mod = await import(${JSON.stringify(file)});
       const ms = performance.now() - t; let callMs = 0; ${callCode}
       console.log(JSON.stringify({ ms, callMs }));`,
    ],
    { env, encoding: 'utf8' },
  );
  const lines = result.stdout.trim().split('\n');
  const parsed = JSON.parse(lines[lines.length - 1] ?? 'null') as { ms: number; callMs: number };
  if (result.status !== 0 || !Number.isFinite(parsed?.ms)) {
    throw new Error(`Importing ${file} failed:\n${result.stderr}`);
  }
  return parsed;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Median import (and first call) times of `file` and of the bare handler, measured alternately. */
const measurePair = (
  file: string,
  bareFile: string,
  call: 'api' | 'task',
): { ms: number; firstMs: number; bareMs: number } => {
  const times: number[] = [];
  const firstTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    bareTimes.push(importMs(bareFile).ms);
    const { ms, callMs } = importMs(file, call);
    times.push(ms);
    firstTimes.push(ms + callMs);
  }
  return { ms: median(times), firstMs: median(firstTimes), bareMs: median(bareTimes) };
};

try {
  const baseline = await bundleFunction({ name: 'bare-handler', entry: bare }, outdir);
  console.log(
    `bare handler: the DynamoDB document client only (${(baseline.bytes / 1024).toFixed(1)} KB); ` +
      `medians of ${RUNS} processes each, alternating function and bare handler\n`,
  );
  console.log(
    '| function | start KB | all KB | import ms | bare ms | ratio | import + first call ms | ratio | largest parts at start |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  let worstRatio = 0;
  let largestKb = 0;
  const ratios: number[] = [];
  const firstRatios: number[] = [];
  const only = process.argv.slice(2);
  for (const fn of listFunctionEntries()) {
    if (only.length > 0 && !only.some((name) => fn.name.includes(name))) continue;
    const bundle = await bundleFunction(fn, outdir);
    // API functions are a domain's router (lambdas/<domain>/index.ts); the rest are tasks.
    const call = /lambdas\/[^/]+\/index\.ts$/.test(fn.entry) ? 'api' : 'task';
    const { ms, firstMs, bareMs } = measurePair(bundle.file, baseline.file, call);
    const ratio = ms / bareMs;
    firstRatios.push(firstMs / bareMs);
    const kb = bundle.startBytes / 1024;
    ratios.push(ratio);
    worstRatio = Math.max(worstRatio, ratio);
    largestKb = Math.max(largestKb, kb);
    const parts = bundle.startPackages
      .slice(0, 3)
      .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)}`)
      .join(', ');
    console.log(
      `| ${fn.name} | ${kb.toFixed(1)} | ${(bundle.bytes / 1024).toFixed(1)} | ${ms.toFixed(1)} | ${bareMs.toFixed(1)} | ${ratio.toFixed(2)}× | ${firstMs.toFixed(1)} (${call}) | ${(firstMs / bareMs).toFixed(2)}× | ${parts} |`,
    );
  }
  console.log(
    `\nlargest import at start ${largestKb.toFixed(1)} KB (goal ≤ ${BUDGET_KB}), ` +
      `median import ratio ${median(ratios).toFixed(2)}×, ` +
      `worst ${worstRatio.toFixed(2)}× (goal ≤ ${RATIO_GOAL}×); ` +
      `import and first call: median ${median(firstRatios).toFixed(2)}×, ` +
      `worst ${Math.max(...firstRatios).toFixed(2)}× of the bare import`,
  );
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
