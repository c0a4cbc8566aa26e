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
 *
 * Each process also makes a first call after the import (see FIRST_CALLS): an import ratio under 1
 * can mean work moved to the first call, which the second ratio shows. `npm run bench -- cold-start
 * CreateRepository Catalog` measures only the functions named.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiEvent } from '../fixtures/api-event';
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
const env: NodeJS.ProcessEnv = {
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
 * Every AWS call of a first call goes to a local stub that answers at once with a DynamoDB error
 * (ResourceNotFoundException, not retried), so a first call times the code it loads and runs (the
 * SDK client, chunks imported on first use) without a network: a ratio under 1 at import could
 * mean work moved to the first call. Started as a process of its own, because the timed processes
 * are spawned synchronously.
 */
const stub = spawn(
  process.execPath,
  [
    '-e',
    `const server = require('node:http').createServer((request, response) => {
       request.resume();
       response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
       response.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException', message: 'cold-start stub' }));
     });
     server.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const stubPort = await new Promise<number>((resolve) =>
  stub.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
);
env.AWS_ENDPOINT_URL = `http://127.0.0.1:${stubPort}`;
env.AWS_ACCESS_KEY_ID = 'bench';
env.AWS_SECRET_ACCESS_KEY = 'bench';

const DEPLOYMENT = { deploymentId: '01J0000000000000000000000A' };
/**
 * The first call of five functions: a cheap operation each (one read, answered by the stub). Any
 * other function gets a request that needs no I/O: an API function a GET of a path no route has
 * (its router answers 404), a task an empty input (its schema refuses it).
 */
const FIRST_CALLS: Record<string, unknown> = {
  CatalogFunction: apiEvent({ method: 'GET', path: '/api/mvps' }),
  SellersFunction: apiEvent({ method: 'GET', path: '/api/sellers/cold-start' }),
  CreateRepositoryFunction: DEPLOYMENT,
  OpenUpgradeFunction: DEPLOYMENT,
  RegisterVersionFunction: {
    mvpId: 'cold-start',
    sha: 'a'.repeat(40),
    installationId: 1,
    owner: 'owner',
    name: 'name',
    archive: { skip: false, versionId: 'v', fileKey: 'k', fileSize: 1, fileName: 'f.zip' },
  },
};
const NO_ROUTE = apiEvent({ method: 'GET', path: '/api/cold-start-probe' });

/** One new process: the import's time, then the first call's with `event`. */
const importMs = (file: string, event: unknown): { ms: number; callMs: number } => {
  const context = `{ awsRequestId: 'cold-start', functionName: 'cold-start', getRemainingTimeInMillis: () => 10000 }`;
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const t = performance.now(); const mod = await import(${JSON.stringify(file)});
       const ms = performance.now() - t;
       const c = performance.now();
       try { await mod.handler(${JSON.stringify(event)}, ${context}); } catch {}
       console.log(JSON.stringify({ ms, callMs: performance.now() - c }));`,
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
const measurePair = (file: string, bareFile: string, event: unknown) => {
  const times: number[] = [];
  const firstTimes: number[] = [];
  const bareTimes: number[] = [];
  const bareFirstTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const bare = importMs(bareFile, {});
    bareTimes.push(bare.ms);
    bareFirstTimes.push(bare.ms + bare.callMs);
    const { ms, callMs } = importMs(file, event);
    times.push(ms);
    firstTimes.push(ms + callMs);
  }
  return {
    ms: median(times),
    firstMs: median(firstTimes),
    bareMs: median(bareTimes),
    bareFirstMs: median(bareFirstTimes),
  };
};

try {
  const baseline = await bundleFunction({ name: 'bare-handler', entry: bare }, outdir);
  console.log(
    `bare handler: the DynamoDB document client only (${(baseline.bytes / 1024).toFixed(1)} KB); ` +
      `medians of ${RUNS} processes each, alternating function and bare handler\n`,
  );
  console.log(
    '| function | start KB | all KB | import ms | bare ms | ratio | import + first call ms | bare | ratio | largest parts at start |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  let worstRatio = 0;
  let largestKb = 0;
  const ratios: number[] = [];
  const firstRatios: number[] = [];
  const only = process.argv.slice(2);
  for (const fn of listFunctionEntries()) {
    if (only.length > 0 && !only.some((name) => fn.name.includes(name))) continue;
    const bundle = await bundleFunction(fn, outdir);
    // API functions are a domain's router (lambdas/<domain>/index.ts); the rest are tasks.
    const api = /lambdas\/[^/]+\/index\.ts$/.test(fn.entry);
    const event = FIRST_CALLS[fn.name] ?? (api ? NO_ROUTE : {});
    const call = fn.name in FIRST_CALLS ? 'one read' : api ? 'no route' : 'refused input';
    const { ms, firstMs, bareMs, bareFirstMs } = measurePair(bundle.file, baseline.file, event);
    const ratio = ms / bareMs;
    const firstRatio = firstMs / bareFirstMs;
    firstRatios.push(firstRatio);
    const kb = bundle.startBytes / 1024;
    ratios.push(ratio);
    worstRatio = Math.max(worstRatio, ratio);
    largestKb = Math.max(largestKb, kb);
    const parts = bundle.startPackages
      .slice(0, 3)
      .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)}`)
      .join(', ');
    console.log(
      `| ${fn.name} | ${kb.toFixed(1)} | ${(bundle.bytes / 1024).toFixed(1)} | ${ms.toFixed(1)} | ${bareMs.toFixed(1)} | ${ratio.toFixed(2)}× | ${firstMs.toFixed(1)} (${call}) | ${bareFirstMs.toFixed(1)} | ${firstRatio.toFixed(2)}× | ${parts} |`,
    );
  }
  console.log(
    `\nlargest import at start ${largestKb.toFixed(1)} KB (goal ≤ ${BUDGET_KB}), ` +
      `median import ratio ${median(ratios).toFixed(2)}×, ` +
      `worst ${worstRatio.toFixed(2)}× (goal ≤ ${RATIO_GOAL}×); ` +
      `import and first call: median ${median(firstRatios).toFixed(2)}×, ` +
      `worst ${Math.max(...firstRatios).toFixed(2)}× the bare handler's import and first read`,
  );
} finally {
  stub.kill();
  rmSync(outdir, { recursive: true, force: true });
}
