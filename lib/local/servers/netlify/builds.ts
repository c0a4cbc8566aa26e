/**
 * Git builds as the local Netlify server runs them. A deploy moves `new` → `enqueued` → `building`
 * → `ready` (or `error` with `error_message`), each step lasting at least the step delay, so a
 * poller sees the progress. The build, as Netlify's:
 *
 * 1. clones the site's repository at its branch with the `git` CLI (`git clone --depth 1`, any
 *    http(s), file:// or absolute local path URL);
 * 2. reads `[build]` `base`, `publish` and `command` from `netlify.toml` (the site's `base`, `dir`
 *    and `cmd` otherwise);
 * 3. with a command: installs the dependencies offline and runs the command in the base directory,
 *    in a clean environment, each bounded in time (build-command.ts); a failure is the deploy's
 *    `error_message` ("Could not install dependencies without network access: next@15.0.3",
 *    "Build script returned non-zero exit code: 1") and its summary's error `details` hold the
 *    log's last lines;
 * 4. copies only the publish directory to `<dataDir>/sites/<name>/<deploy id>/`; when the build
 *    did not produce it the deploy fails. Without any publish setting the base directory is
 *    published, as Netlify does.
 *
 * Symbolic links are not copied and `.git` is left out, so nothing outside the repository can be
 * published. Builds interrupted by a stop run again at the next start.
 */
import { execFile } from 'node:child_process';
import { copyFile, lstat, mkdir, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { deployKeyAuthorization } from '../deploy-key-proof';
import { BuildFailure, buildEnvironment, installDependencies, runCommand } from './build-command';
import { nowIso, redactUrl } from './http';
import type { DeployState, RepoSettings, StoredDeploy, StoredSite, Store } from './store';
import { readBuildConfig } from './toml';

const run = promisify(execFile);

export interface Builder {
  /** How long each state lasts at least, in milliseconds (0: as fast as the build goes). */
  stepDelayMs: number;
  /** Runs the build of a deploy in state `new` (or one a stop interrupted). */
  start(deployId: string): void;
  /** Resolves true once no build runs (false after `timeoutMs`). */
  idle(timeoutMs: number): Promise<boolean>;
  /** Stops every running build and waits for it (their deploys keep their state). */
  cancelAll(): Promise<void>;
  /** Where a site's deploys are published. */
  siteDir(name: string): string;
  deployDir(name: string, deployId: string): string;
}

/** Lines of the log a failed deploy's summary carries. */
export const LOG_TAIL_LINES = 20;

/** How long installing the dependencies, and then the build command, may each take. */
export const DEFAULT_BUILD_TIMEOUT_MS = 10 * 60_000;

const SUPPORTED_URL = /^(https?:\/\/|file:\/\/|\/)/;

const git = async (args: string[], cwd: string | undefined, signal: AbortSignal) => {
  const { stdout } = await run('git', args, {
    cwd,
    signal,
    timeout: 120_000,
    maxBuffer: 4_000_000,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'true', LC_ALL: 'C' },
  });
  return stdout.trim();
};

/** Git's last error line (`fatal: repository '…' does not exist`), without credentials. */
const gitError = (error: unknown): string => {
  const stderr = (error as { stderr?: string }).stderr ?? '';
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const fatal = lines.filter((line) => /^(fatal|error):/.test(line)).at(-1) ?? lines.at(-1);
  // The command line (in the message) may carry a deploy key's header: never shown.
  return redactUrl(fatal ?? (error as Error).message).replace(
    /Authorization: Basic \S+/g,
    'Authorization: [redacted]',
  );
};

/** True when `inner` is `outer` or inside it. */
const isInside = (outer: string, inner: string) => {
  const path = relative(outer, inner);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
};

/** Copies regular files and directories; symbolic links are listed in `skipped`, `.git` is left out. */
const copyTree = async (
  from: string,
  to: string,
  skipped: string[],
  prefix = '',
): Promise<number> => {
  await mkdir(to, { recursive: true });
  let files = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const path = `${prefix}${entry.name}`;
    if (entry.isSymbolicLink()) skipped.push(path);
    else if (entry.isDirectory())
      files += await copyTree(join(from, entry.name), join(to, entry.name), skipped, `${path}/`);
    else if (entry.isFile()) {
      await copyFile(join(from, entry.name), join(to, entry.name));
      files += 1;
    }
  }
  return files;
};

/** A line of the deploy's log, stamped with the time of day. */
const logLine = (store: Store, deploy: StoredDeploy, line: string) => {
  deploy.log.push(`${new Date().toISOString().slice(11, 19)} ${line}`);
  store.changed();
};

const moveDeploy = (store: Store, deploy: StoredDeploy, state: DeployState) => {
  deploy.state = state;
  deploy.updated_at = nowIso();
  store.changed();
};

/** Clones the site's branch into `work` and records the commit on the deploy. */
const cloneRepository = async (
  store: Store,
  deploy: StoredDeploy,
  repo: RepoSettings,
  work: string,
  signal: AbortSignal,
) => {
  const url = repo.repo_url;
  if (!SUPPORTED_URL.test(url)) {
    throw new BuildFailure(
      `Failed during stage 'preparing repo': unsupported repository URL '${redactUrl(url)}' (http(s)://, file:// or an absolute path)`,
    );
  }
  logLine(
    store,
    deploy,
    `Cloning ${redactUrl(url)}${repo.repo_branch ? ` (branch ${repo.repo_branch})` : ''}`,
  );
  const branchArgs = repo.repo_branch ? ['--branch', repo.repo_branch, '--single-branch'] : [];
  try {
    // A private repository: the deploy key's proof as a header of this one command (never in
    // the clone's config or the log; lib/local/servers/deploy-key-proof.ts).
    const key = repo.deploy_key_id ? store.state.deployKeys[repo.deploy_key_id] : undefined;
    const auth =
      key && repo.repo_path
        ? [
            '-c',
            `http.extraHeader=Authorization: ${deployKeyAuthorization(key.private_key, repo.repo_path)}`,
          ]
        : [];
    await git(
      [...auth, 'clone', '--depth', '1', '--no-tags', ...branchArgs, '--', url, work],
      undefined,
      signal,
    );
  } catch (error) {
    if (signal.aborted) throw error;
    throw new BuildFailure(`Failed during stage 'preparing repo': ${gitError(error)}`);
  }
  deploy.commit_ref = await git(['rev-parse', 'HEAD'], work, signal);
  deploy.branch = await git(['rev-parse', '--abbrev-ref', 'HEAD'], work, signal);
  deploy.commit_message = await git(['log', '-1', '--format=%s'], work, signal);
  logLine(
    store,
    deploy,
    `Checked out ${deploy.branch} at ${deploy.commit_ref.slice(0, 7)}: ${deploy.commit_message}`,
  );
};

interface BuildSettings {
  base: string;
  publish: string;
  command: string | undefined;
}

/** `base`, `publish` and `command` from `netlify.toml`, else the site's `base`, `dir` and `cmd`. */
const readBuildSettings = async (
  store: Store,
  deploy: StoredDeploy,
  repo: RepoSettings,
  work: string,
): Promise<BuildSettings> => {
  const toml = await readFile(join(work, 'netlify.toml'), 'utf8').then(
    (text) => readBuildConfig(text),
    () => undefined,
  );
  logLine(store, deploy, toml ? 'Read netlify.toml' : 'No netlify.toml: using the site settings');
  const base = (toml?.base ?? repo.base ?? '').replace(/^\/+|\/+$/g, '');
  const publish = (toml?.publish ?? repo.dir ?? '').replace(/^\/+|\/+$/g, '');
  const command = (toml?.command ?? repo.cmd ?? '').trim() || undefined;
  return { base, publish, command };
};

/**
 * Installs the dependencies and runs the build command in `<work>/<base>` (build-command.ts says
 * how it differs from Netlify's build image); throws BuildFailure with the reason.
 */
const runBuild = async (
  store: Store,
  deploy: StoredDeploy,
  work: string,
  home: string,
  { base, command }: BuildSettings,
  limits: { timeoutMs: number; signal: AbortSignal },
) => {
  const cwd = resolve(work, base);
  const realCwd = await realpath(cwd).catch(() => undefined);
  if (
    !realCwd ||
    !isInside(await realpath(work), realCwd) ||
    !(await lstat(realCwd)).isDirectory()
  ) {
    throw new BuildFailure(
      `Failed during stage 'preparing repo': base directory '${base}' does not exist`,
    );
  }
  if (!command) {
    logLine(store, deploy, 'No build command: publishing the publish directory as it is');
    return;
  }
  const env = await buildEnvironment(home, realCwd);
  const options = {
    env,
    timeoutMs: limits.timeoutMs,
    signal: limits.signal,
    onLine: (line: string) => logLine(store, deploy, line),
  };
  await installDependencies(realCwd, { ...options, log: (line) => logLine(store, deploy, line) });
  logLine(store, deploy, `$ ${command}`);
  const result = await runCommand(command, { ...options, cwd: realCwd });
  if (limits.signal.aborted) throw limits.signal.reason;
  if (result.timedOut) {
    throw new BuildFailure(
      `Build exceeded maximum allowed runtime: \`${command}\` was stopped after ${Math.round(limits.timeoutMs / 1000)} s`,
    );
  }
  if (result.code !== 0) {
    throw new BuildFailure(`Build script returned non-zero exit code: ${result.code ?? 'killed'}`);
  }
  logLine(store, deploy, `Build command finished: \`${command}\``);
};

/** Copies `<work>/<base>/<publish>` to `output`, refusing a directory outside the clone. */
const publishDirectory = async (
  store: Store,
  deploy: StoredDeploy,
  work: string,
  { base, publish, command }: BuildSettings,
  output: string,
) => {
  const shown = join(base, publish) || '.';
  const root = resolve(work, base, publish);
  const realRoot = await realpath(root).catch(() => undefined);
  const isDirectory = realRoot ? (await lstat(realRoot)).isDirectory() : false;
  if (!realRoot || !isDirectory || !isInside(await realpath(work), realRoot)) {
    throw new BuildFailure(
      command
        ? `Deploy did not succeed: The build did not produce ${shown}`
        : `Deploy did not succeed: Deploy directory '${shown}' does not exist`,
    );
  }
  deploy.publish_dir = relative(work, root);
  await rm(output, { recursive: true, force: true });
  const skipped: string[] = [];
  const files = await copyTree(realRoot, output, skipped);
  if (skipped.length > 0) {
    logLine(store, deploy, `Not published (symbolic links): ${skipped.join(', ')}`);
    deploy.summary.push({
      type: 'warning',
      title: `${skipped.length} symbolic link${skipped.length === 1 ? '' : 's'} not published`,
      description: 'The local Netlify server publishes regular files only.',
      details: skipped.join('\n'),
    });
  }
  logLine(store, deploy, `Published directory '${shown}': ${files} file${files === 1 ? '' : 's'}`);
};

/** Marks a deploy failed, with the failure's message (an unexpected error stays in the console). */
const failDeploy = (store: Store, deployId: string, error: unknown) => {
  const deploy = store.state.deploys[deployId];
  if (!deploy) return;
  if (!(error instanceof BuildFailure)) {
    console.error(`Local Netlify: the build of deploy ${deployId} failed:`, error);
  }
  deploy.error_message =
    error instanceof BuildFailure ? error.message : 'Build failed: internal error';
  logLine(store, deploy, deploy.error_message);
  // The log's end, as Netlify's deploy summary details a failure (the lines are redacted).
  deploy.summary.push({
    type: 'error',
    title: 'Deploy failed',
    description: deploy.error_message,
    details: deploy.log.slice(-LOG_TAIL_LINES).join('\n'),
  });
  moveDeploy(store, deploy, 'error');
};

/** The built deploy goes live unless a newer deploy of the site already is. */
const publishDeploy = (store: Store, deploy: StoredDeploy, site: StoredSite, started: number) => {
  const state = store.state;
  deploy.published_at = nowIso();
  deploy.deploy_time = Math.max(1, Math.round((Date.now() - started) / 1000));
  const current = site.published_deploy_id ? state.deploys[site.published_deploy_id] : undefined;
  if (!current || current.created_at <= deploy.created_at) {
    site.published_deploy_id = deploy.id;
    site.updated_at = nowIso();
  }
  logLine(store, deploy, 'Site is live');
  moveDeploy(store, deploy, 'ready');
};

/** Clones, builds and copies the publish directory to `output`; throws BuildFailure. */
const buildDeploy = async (
  store: Store,
  deploy: StoredDeploy,
  site: StoredSite,
  paths: { dataDir: string; output: string },
  limits: { timeoutMs: number; signal: AbortSignal },
) => {
  const repo = site.repo;
  if (!repo) throw new BuildFailure('This site is not linked to a repository.');
  const root = join(paths.dataDir, 'builds', deploy.id);
  const work = join(root, 'repo');
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  try {
    await cloneRepository(store, deploy, repo, work, limits.signal);
    const settings = await readBuildSettings(store, deploy, repo, work);
    await runBuild(store, deploy, work, join(root, 'home'), settings, limits);
    await publishDirectory(store, deploy, work, settings, paths.output);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
};

export const createBuilder = (options: {
  store: Store;
  dataDir: string;
  stepDelayMs: number;
  /** Each of the install and the build command is stopped after it (default 10 minutes). */
  buildTimeoutMs?: number;
}): Builder => {
  const { store, dataDir } = options;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const siteDir = (name: string) => join(dataDir, 'sites', name);
  const deployDir = (name: string, deployId: string) => join(siteDir(name), deployId);

  const runDeploy = async (deployId: string, signal: AbortSignal) => {
    const state = store.state;
    const sleep = () => delay(builder.stepDelayMs, undefined, { signal });
    const started = Date.now();
    try {
      await sleep();
      let deploy = state.deploys[deployId];
      if (!deploy) return;
      moveDeploy(store, deploy, 'enqueued');
      logLine(store, deploy, 'Build enqueued');
      await sleep();
      deploy = state.deploys[deployId];
      const site = deploy && state.sites[deploy.site_id];
      if (!deploy || !site) return;
      moveDeploy(store, deploy, 'building');
      logLine(store, deploy, 'Build started');
      await buildDeploy(
        store,
        deploy,
        site,
        { dataDir, output: deployDir(site.name, deploy.id) },
        { timeoutMs: options.buildTimeoutMs ?? DEFAULT_BUILD_TIMEOUT_MS, signal },
      );
      await sleep();
      if (!state.deploys[deployId] || !state.sites[site.id]) {
        // Deleted meanwhile: leave nothing behind.
        await rm(deployDir(site.name, deployId), { recursive: true, force: true });
        return;
      }
      publishDeploy(store, deploy, site, started);
    } catch (error) {
      if (signal.aborted) return;
      failDeploy(store, deployId, error);
    }
  };

  const builder: Builder = {
    stepDelayMs: options.stepDelayMs,
    start: (deployId) => {
      if (running.has(deployId)) return;
      const controller = new AbortController();
      const done = runDeploy(deployId, controller.signal).finally(() => running.delete(deployId));
      running.set(deployId, { controller, done });
    },
    idle: async (timeoutMs) => {
      const until = Date.now() + timeoutMs;
      while (running.size > 0) {
        if (Date.now() >= until) return false;
        await Promise.race([
          Promise.all([...running.values()].map((entry) => entry.done)),
          delay(Math.min(50, Math.max(1, until - Date.now()))),
        ]);
      }
      return true;
    },
    cancelAll: async () => {
      const entries = [...running.values()];
      for (const entry of entries) entry.controller.abort();
      await Promise.all(entries.map((entry) => entry.done));
    },
    siteDir,
    deployDir,
  };
  return builder;
};
