/**
 * A buyer deploy's GitHub part for a 3,000-file template (2,850 text files of about 2 KB and 150
 * binary ones of 8 KB), measured against the local GitHub server: the requests the deploy sends
 * (each HTTP request Octokit makes, retries included, counted at `fetch`), how many of them create
 * content (the ones GitHub's secondary limit counts: 80 a minute, 500 an hour per token), and the
 * wall time, through the same code as the createRepository step (the buyer's repository with
 * `auto_init`, its head, the template's commit, the ref moved).
 *
 * Two runs on one server: with its secondary limit off (the cost's shape), and on at GitHub's
 * documented figures, where a client that sends faster than the limit is refused, and a deploy
 * needing more content requests than an hour allows cannot finish (that run is stopped after
 * BENCH_LIMITED_TIMEOUT_S seconds, 300 by default, and says so: the 3,000-file deploy writes one
 * content request a second, about 170 of them, so a shorter bound stops it before it ends).
 * BENCH_GITHUB_LIMITED=0 or BENCH_GITHUB_OPEN=0 skips
 * one. A third run (BENCH_GITHUB_RESUME=0 skips it) deploys a template of 700 binary files and 300
 * text ones, more content requests than an hour allows, as the step does it across runs: the first
 * run stops at the 500th request of the hour and saves its progress, the second resumes "an hour
 * later" (the server's hour shortened to 10 minutes, then ended, and no spacing between writes, so
 * that the run takes seconds); it counts the blobs and trees sent over both runs (at `fetch`: the
 * one refused request is among them). `minutesAtLimit` is the least time GitHub would let those content requests take.
 * The local server writes real git objects on this machine's disk: read wall times as relative.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

const FILES = 3_000;
const BINARY_EVERY = 20;
const TEXT_BYTES = 2_000;
const BINARY_BYTES = 8_192;
const LIMITED_TIMEOUT_S = Number(process.env.BENCH_LIMITED_TIMEOUT_S ?? 300);

Object.assign(process.env, {
  TABLE_NAME: 'bench',
  MVP_FILES_BUCKET: 'bench',
  PREVIEW_IMAGES_BUCKET: 'bench',
  USER_POOL_ID: 'bench',
  USER_POOL_CLIENT_ID: 'bench',
  POWERTOOLS_LOG_LEVEL: 'SILENT',
  POWERTOOLS_METRICS_DISABLED: 'true',
});

/** A template's files: source-like text, with every 20th file a binary asset (PNG-like bytes). */
const templateFiles = () =>
  Array.from({ length: FILES }, (_, index) => {
    const folder = `src/module-${Math.floor(index / 100)}`;
    if (index % BINARY_EVERY === 0) {
      const bytes = randomBytes(BINARY_BYTES);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00], 0);
      return {
        path: `${folder}/asset-${index}.png`,
        size: bytes.length,
        read: async () => bytes,
        executable: false,
      };
    }
    const line = `export const value${index} = ${JSON.stringify(randomBytes(24).toString('hex'))};\n`;
    const text = line.repeat(Math.ceil(TEXT_BYTES / line.length));
    const bytes = Buffer.from(text);
    return {
      path: `${folder}/file-${index}.ts`,
      size: bytes.length,
      read: async () => bytes,
      executable: false,
    };
  });

const CONTENT_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Counts every request at `fetch` (Octokit's transport), by method and path shape. */
const countRequests = () => {
  const counts = new Map<string, number>();
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const shape = url.pathname.replace(/^\/repos\/[^/]+\/[^/]+/, '/repos/{o}/{r}');
    const key = `${method} ${shape.replace(/\/[0-9a-f]{40}$/, '/{sha}').replace(/\/heads\/.*$/, '/heads/{b}')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original(input, init);
  };
  return {
    counts,
    total: () => [...counts.values()].reduce((sum, count) => sum + count, 0),
    content: () =>
      [...counts.entries()]
        .filter(([key]) => CONTENT_METHODS.has(key.split(' ')[0]!) && !key.includes('/_local/'))
        .reduce((sum, [, count]) => sum + count, 0),
    restore: () => {
      globalThis.fetch = original;
    },
  };
};

/** The least time GitHub lets `n` content requests take: 80 a minute, at most 500 in any hour. */
const minutesAtLimit = (n: number) =>
  n <= 500 ? n / 80 : Math.floor((n - 1) / 500) * 60 + (((n - 1) % 500) + 1) / 80;

const { startLocalGithub } = await import('../../lib/local/servers/github/index');
// One server for both runs: the client's configuration (its base URL) is read once a process.
const github = await startLocalGithub({ port: 0 });
process.env.GITHUB_API_URL = github.endpoint;

/** One row of the bench's table: what a run sent, and what the local server refused. */
const rowOf = async (
  run: string,
  outcome: string,
  counter: ReturnType<typeof countRequests>,
  seconds: number,
) => {
  const { usage } = await github.control.secondaryLimit();
  return {
    run,
    outcome,
    requests: counter.total(),
    contentRequests: counter.content(),
    blobs: counter.counts.get('POST /repos/{o}/{r}/git/blobs') ?? 0,
    trees: counter.counts.get('POST /repos/{o}/{r}/git/trees') ?? 0,
    refused: usage.refused,
    seconds: Number(seconds.toFixed(2)),
    minutesAtLimit: Number(minutesAtLimit(counter.content()).toFixed(1)),
  };
};

const deployOnce = async (limited: boolean) => {
  const login = limited ? 'bench-limited' : 'bench-open';
  await github.control.reset();
  await github.control.secondaryLimit({ enabled: limited });
  await github.control.createUser({ login });
  const token = await github.control.createToken(login, ['repo']);
  const { githubAsUser } = await import('../../lambdas/shared/adapters/github');
  const { branchHead, commitFiles } = await import('../../lambdas/deployments/git-writer');
  const files = templateFiles();
  const counter = countRequests();
  const started = performance.now();
  const octokit = await githubAsUser(token);
  const deploy = async () => {
    const { data: repo } = await octokit.rest.repos.createForAuthenticatedUser({
      name: `bench-${limited ? 'limited' : 'open'}`,
      private: true,
      auto_init: true,
    });
    const target = { owner: repo.owner.login, repo: repo.name };
    const parentSha = await branchHead(octokit, { ...target, branch: repo.default_branch });
    const sha = await commitFiles(octokit, { ...target, parentSha, files, message: 'bench' });
    await octokit.rest.git.updateRef({ ...target, ref: `heads/${repo.default_branch}`, sha });
  };
  let outcome = 'deployed';
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    deploy().catch((error: unknown) => {
      outcome = `failed: ${error instanceof Error ? error.message.slice(0, 80) : String(error)}`;
    }),
    new Promise<void>((resolve) => {
      timer = setTimeout(
        () => {
          outcome = `not done after ${LIMITED_TIMEOUT_S} s`;
          resolve();
        },
        (limited ? LIMITED_TIMEOUT_S : 3600) * 1000,
      );
    }),
  ]);
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  counter.restore();
  return rowOf(limited ? 'limit on (80/min, 500/h)' : 'limit off', outcome, counter, seconds);
};

const RESUME_BINARY = 700;
const RESUME_TEXT = 300;

/** 700 binary files and 300 text ones, interleaved (of every 10 files, the first 7 binary). */
const resumeFiles = () =>
  Array.from({ length: RESUME_BINARY + RESUME_TEXT }, (_, index) => {
    const binary = index % 10 < 7;
    const bytes = binary ? randomBytes(BINARY_BYTES) : Buffer.from(`export const v${index} = 1;\n`);
    if (binary) bytes.set([0x89, 0x50, 0x4e, 0x47, 0x00], 0);
    return {
      path: `src/part-${Math.floor(index / 100)}/file-${index}.${binary ? 'png' : 'ts'}`,
      size: bytes.length,
      read: async () => bytes,
      executable: false,
    };
  });

/** The deploy of RESUME_BINARY binary files across two step runs, its progress kept in memory. */
const deployResumed = async () => {
  await github.control.reset();
  await github.control.secondaryLimit({ per_minute: 100_000, per_hour: 500, hour_ms: 600_000 });
  await github.control.createUser({ login: 'bench-resume' });
  const token = await github.control.createToken('bench-resume', ['repo']);
  const { buyerOctokit } = await import('../../lambdas/shared/adapters/github-throttle');
  const { branchHead, commitFiles } = await import('../../lambdas/deployments/git-writer');
  const { githubRateLimitWait } = await import('../../lambdas/shared/adapters/github');
  const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const octokit = buyerOctokit({ baseUrl: github.endpoint, auth: token, log, writeIntervalMs: 0 });
  const files = resumeFiles();
  const counter = countRequests();
  const started = performance.now();
  const { data: repo } = await octokit.rest.repos.createForAuthenticatedUser({
    name: 'bench-resume',
    private: true,
    auto_init: true,
  });
  const target = { owner: repo.owner.login, repo: repo.name };
  const parentSha = await branchHead(octokit, { ...target, branch: repo.default_branch });
  let saved: import('../../lambdas/deployments/git-writer').WriteProgress | undefined;
  let runs = 0;
  let sha: string | undefined;
  while (!sha && runs < 3) {
    runs += 1;
    const progress = { resume: saved, save: async (next: typeof saved) => void (saved = next) };
    try {
      sha = await commitFiles(octokit, { ...target, parentSha, files, message: 'bench', progress });
    } catch (error) {
      if (githubRateLimitWait(error) === undefined) throw error;
      // An hour later: the server's window holds nothing any more.
      await github.control.secondaryLimit({ hour_ms: 1 });
    }
  }
  await octokit.rest.git.updateRef({ ...target, ref: `heads/${repo.default_branch}`, sha: sha! });
  const seconds = (performance.now() - started) / 1000;
  counter.restore();
  const { files: written } = await github.control.readFiles(target.owner, target.repo, 'main');
  const whole = files.length === written.size;
  const outcome = `${whole ? 'deployed' : 'INCOMPLETE'} in ${runs} step runs`;
  return rowOf(`resumed (${RESUME_BINARY} binary, 500/h)`, outcome, counter, seconds);
};

const rows = [];
if (process.env.BENCH_GITHUB_OPEN !== '0') rows.push(await deployOnce(false));
if (process.env.BENCH_GITHUB_LIMITED !== '0') rows.push(await deployOnce(true));
if (process.env.BENCH_GITHUB_RESUME !== '0') rows.push(await deployResumed());
await github.stop();
console.table(rows);
console.log(
  'minutesAtLimit: the least time GitHub lets those content requests take (80 a minute, at most 500 in any hour).',
);
process.exit(0);
