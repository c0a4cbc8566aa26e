/**
 * One version build on this machine, as the CodeBuild project runs it in the cloud, from the same
 * build settings (contract/design/build.ts): the bundle's files written to a fresh temporary
 * folder, the frozen install from the local registry, the build command without network, the
 * output measured, and the build record made. The temporary folder (with its node_modules) is
 * removed afterwards.
 *
 * 1. Extract: the bundle read as a deploy reads it (deployments/bundle-files.ts: the scan's limits,
 *    no path outside the folder, one wrapping folder removed), each file written under the folder.
 * 2. Install (npm): `npm ci --ignore-scripts` with the network it needs to reach the local
 *    registry only (every proxy points nowhere), then the packages' install scripts with
 *    `npm rebuild` in the sandbox, without network: nothing of the bundle runs with network.
 *    A package manager this machine lacks (pnpm, yarn, bun), or a Python project, is not built
 *    locally, with that reason.
 * 3. Build: the build command in the sandbox, without network, under its time limit.
 * 4. Output: the output folder's size and files (over the limit: failed), and whether it is a
 *    static site (an index.html at its top).
 * 5. Pictures: a built static site's first screen at desktop and phone sizes (capture.ts); a
 *    capture that cannot be made is a reason on the record, never a failed build.
 */
import { spawnSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  BUILD_LIMITS,
  BUILD_REASONS,
  logTailOf,
  recordWithoutBuild,
  type BuildRecordFile,
  type BuildSettings,
} from '../../../contract/design/build';
import type { BundleFile } from '../../../lambdas/deployments/bundle-files';
import { captureSite, type CapturedPicture, type CaptureOptions } from './capture';
import { LogTail, runStep, sandboxOfMachine } from './sandbox';

/** BUILD_LIMITS as numbers (a test may shorten them). */
type Limits = { [K in keyof typeof BUILD_LIMITS]: number };

export interface LocalBuildOptions {
  /** The local registry's address (`http://127.0.0.1:<port>/`). */
  registryUrl: string;
  /** Shorter limits than BUILD_LIMITS (tests). */
  limits?: Partial<
    Pick<Limits, 'installTimeoutSeconds' | 'buildTimeoutSeconds' | 'maxOutputBytes'>
  >;
  /** Keep the temporary folder (to look at a failed build). */
  keepFolder?: boolean;
  /** Stops the build (the local stack stopping): it is then not built, with that reason. */
  signal?: AbortSignal;
  /** Reads the bundle at a key (the benchmark's from memory); default: from the files bucket. */
  readBundle?: (key: string) => Promise<BundleFile[]>;
  /** The pictures of a built static site (default: taken with the machine's Chromium); false: none. */
  capture?: Omit<CaptureOptions, 'recordKey'> | false;
}

export interface LocalBuildResult {
  record: BuildRecordFile;
  /** The output folder's files (absolute path and key relative to it), for a built static site. */
  siteFiles: { path: string; key: string }[];
  /** The pictures of the built site's first screen, to write to their keys (`record.screenshots`). */
  pictures: CapturedPicture[];
  /** Removes the temporary folder (once the site's files are uploaded). */
  cleanUp(): Promise<void>;
}

/** An address nothing answers at: every proxy points here, so nothing leaves but to the registry. */
const NOWHERE = 'http://127.0.0.1:9';

const which = (command: string): string | null => {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() || null : null;
};

/** The clean environment of every step: the runtime, a home in the folder, the local registry. */
const cleanEnvironment = (folder: string, registryUrl: string): Record<string, string> => {
  const registryHost = new URL(registryUrl).hostname;
  const path = [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'];
  const npm = which('npm');
  if (npm) path.splice(1, 0, dirname(npm));
  return {
    PATH: [...new Set(path)].join(':'),
    HOME: join(folder, 'home'),
    TMPDIR: join(folder, 'tmp'),
    LANG: 'C.UTF-8',
    CI: 'true',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    npm_config_registry: registryUrl,
    npm_config_cache: join(folder, 'npm-cache'),
    npm_config_userconfig: join(folder, 'home', '.npmrc'),
    npm_config_globalconfig: join(folder, 'home', 'npmrc-global'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_progress: 'false',
    npm_config_fetch_retries: '0',
    npm_config_fetch_timeout: '30000',
    npm_config_proxy: NOWHERE,
    npm_config_https_proxy: NOWHERE,
    npm_config_noproxy: registryHost,
    HTTP_PROXY: NOWHERE,
    HTTPS_PROXY: NOWHERE,
    http_proxy: NOWHERE,
    https_proxy: NOWHERE,
    NO_PROXY: registryHost,
    no_proxy: registryHost,
    NEXT_TELEMETRY_DISABLED: '1',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
};

/** Why an npm install failed, in the seller's words, from the end of its log. */
const installFailureOf = (lines: readonly string[], exitCode: number | null): string => {
  const text = lines.join('\n');
  const missing =
    /'(@?[^'@\s]+(?:@[^'\s]+)?)' is not in this registry/.exec(text)?.[1] ??
    /404 Not Found - GET \S+?\/(@[^/\s]+(?:%2[fF]|\/)[^/\s]+|[^@/\s][^/\s]*)(?:\/-\/|\s|$)/
      .exec(text)?.[1]
      ?.replace(/%2[fF]/, '/') ??
    /No matching version found for (\S+?)\.?$/m.exec(text)?.[1];
  if (missing) return BUILD_REASONS.missingPackage(missing);
  const integrity = /EINTEGRITY[\s\S]*?(?:for|of) (\S+)/.exec(text)?.[1];
  if (integrity) return BUILD_REASONS.integrityMismatch(integrity);
  if (/ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET/.test(text)) {
    return BUILD_REASONS.registryUnreachable;
  }
  return BUILD_REASONS.installFailed(exitCode);
};

/** Size and count of the files under `dir` (links are neither followed nor counted). */
const measure = async (dir: string) => {
  let bytes = 0;
  const files: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        bytes += (await lstat(path)).size;
        files.push(path);
      }
    }
  };
  await walk(dir);
  return { bytes, files };
};

const inside = (parent: string, child: string) =>
  child === parent || child.startsWith(`${parent}${sep}`);

const versionOf = (env: Record<string, string>, command: string, cwd: string): string | null => {
  const result = spawnSync('sh', ['-c', `${command} --version`], {
    env,
    cwd,
    encoding: 'utf8',
    timeout: 15_000,
  });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '').split('\n')[0]! : null;
};

/** Writes the bundle's files under `root` (a deploy's reading of it: safe paths only). */
const extract = async (
  fileKey: string,
  root: string,
  readBundle: LocalBuildOptions['readBundle'],
) => {
  const files = await (
    readBundle ?? (await import('../../../lambdas/deployments/bundle-files')).readBundleFiles
  )(fileKey);
  let total = 0;
  for (const file of files) {
    const target = resolve(root, file.path);
    if (!inside(root, target)) throw new Error(`A path leaves the folder: ${file.path}`);
    const bytes = await file.read();
    total += bytes.byteLength;
    if (total > BUILD_LIMITS.maxExtractedBytes) throw new Error('The bundle is too large.');
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
    if (file.executable) await chmod(target, 0o755);
  }
};

type RecordFields = Partial<BuildRecordFile>;
/** A step's end: the build goes on with these fields, or ends with this outcome. */
type Ended = RecordFields &
  Pick<BuildRecordFile, 'outcome'> & {
    siteFiles?: SiteFile[];
    outputFolder?: string;
    pictures?: CapturedPicture[];
  };
type SiteFile = LocalBuildResult['siteFiles'][number];

interface BuildContext {
  settings: BuildSettings;
  limits: Limits;
  log: LogTail;
  env: Record<string, string>;
  /** The project's folder (the bundle's base folder). */
  base: string;
  signal?: AbortSignal;
  readBundle?: LocalBuildOptions['readBundle'];
  capture?: LocalBuildOptions['capture'];
}

const failed = (
  fields: RecordFields,
  step: NonNullable<BuildRecordFile['failed_step']>,
  reason: string,
): Ended => ({ ...fields, outcome: 'failed', failed_step: step, reason });

/** A build the local stack stopped is not built (its next start may build it). */
const stopped = (fields: RecordFields): Ended => ({
  ...fields,
  outcome: 'not_built',
  reason: BUILD_REASONS.stoppedLocally,
});

/** 2. The install, then (npm) the packages' install scripts without network. */
const install = async ({ settings, limits, log, env, base, signal }: BuildContext) => {
  const npm = settings.packageManager === 'npm';
  const command = npm ? `${settings.installCommand} --ignore-scripts` : settings.installCommand!;
  const timeoutMs = limits.installTimeoutSeconds * 1000;
  const step = await runStep(command, { cwd: base, env, timeoutMs, log, sandboxed: false, signal });
  let { exitCode, timedOut, aborted, ms } = step;
  if (exitCode === 0 && npm) {
    const scripts = await runStep('npm rebuild', {
      cwd: base,
      env,
      timeoutMs: Math.max(1_000, timeoutMs - ms),
      log,
      sandboxed: true,
      signal,
    });
    ({ exitCode, timedOut, aborted } = scripts);
    ms += scripts.ms;
  }
  const fields = { install_ms: ms };
  if (aborted) return stopped(fields);
  if (timedOut) {
    return failed(
      fields,
      'install',
      BUILD_REASONS.timedOut('install', limits.installTimeoutSeconds),
    );
  }
  if (exitCode !== 0) return failed(fields, 'install', installFailureOf(log.all(), exitCode));
  return fields;
};

/** 3. The build command, without network. */
const build = async ({ settings, limits, log, env, base, signal }: BuildContext) => {
  const step = await runStep(settings.buildCommand!, {
    cwd: base,
    env,
    timeoutMs: limits.buildTimeoutSeconds * 1000,
    log,
    sandboxed: true,
    signal,
  });
  const fields = { build_ms: step.ms };
  if (step.aborted) return stopped(fields);
  if (step.timedOut) {
    return failed(fields, 'build', BUILD_REASONS.timedOut('build', limits.buildTimeoutSeconds));
  }
  if (step.exitCode !== 0) return failed(fields, 'build', BUILD_REASONS.buildFailed(step.exitCode));
  return fields;
};

/** 4. The output folder: there, within the size limit, and whether it is a static site. */
const measureOutput = async ({ settings, limits, base }: BuildContext): Promise<Ended> => {
  const outputDir = settings.outputDir ?? 'dist';
  const output = resolve(base, outputDir);
  const empty =
    !inside(base, output) || !existsSync(output) || (await readdir(output)).length === 0;
  if (empty) return failed({}, 'output', BUILD_REASONS.noOutput(outputDir));
  const { bytes, files } = await measure(output);
  const fields = { output_bytes: bytes, output_files: files.length };
  if (bytes > limits.maxOutputBytes) {
    return failed(fields, 'output', BUILD_REASONS.outputTooLarge(limits.maxOutputBytes));
  }
  const staticSite = existsSync(join(output, 'index.html'));
  return {
    ...fields,
    outcome: 'built',
    static_site: staticSite,
    outputFolder: output,
    siteFiles: staticSite
      ? files.map((path) => ({ path, key: relative(output, path).split(sep).join('/') }))
      : [],
  };
};

/** 1. What this machine cannot build, then the bundle's files in a folder of their own. */
const prepare = async (
  context: Omit<BuildContext, 'base'>,
  root: string,
): Promise<Ended | { base: string }> => {
  const { settings, log } = context;
  const notBuilt = (reason: string): Ended => ({ outcome: 'not_built', reason });
  if (settings.packageManager === 'uv') return notBuilt(BUILD_REASONS.pythonNotLocal);
  if (!settings.packageManager || !settings.installCommand) {
    return notBuilt(BUILD_REASONS.noLockFile);
  }
  if (!which(settings.packageManager)) {
    return notBuilt(BUILD_REASONS.packageManagerNotLocal(settings.packageManager));
  }
  try {
    await extract(settings.bundle.key, root, context.readBundle);
  } catch (error) {
    log.add((error as Error).message);
    return { outcome: 'failed', reason: BUILD_REASONS.unreadableBundle };
  }
  const base = resolve(root, settings.baseDir || '.');
  if (!inside(root, base) || !existsSync(base)) {
    return { outcome: 'failed', reason: BUILD_REASONS.unreadableBundle };
  }
  return { base };
};

const ended = (value: object): value is Ended => 'outcome' in value;

/** The steps in turn, each one's fields kept, until one ends the build. */
const runSteps = async (context: Omit<BuildContext, 'base'>, root: string): Promise<Ended> => {
  const prepared = await prepare(context, root);
  if (ended(prepared)) return prepared;
  const full: BuildContext = { ...context, base: prepared.base };
  let fields: RecordFields = {
    runtime_version: process.versions.node,
    package_manager_version: versionOf(context.env, context.settings.packageManager!, full.base),
  };
  const installed = await install(full);
  fields = { ...fields, ...installed };
  if (ended(installed)) return { ...fields, ...installed };
  if (!context.settings.buildCommand) return { ...fields, outcome: 'built' };
  const built = await build(full);
  fields = { ...fields, ...built };
  if (ended(built)) return { ...fields, ...built };
  const measured = await measureOutput(full);
  if (measured.outcome !== 'built' || !measured.static_site || context.capture === false) {
    return { ...fields, ...measured };
  }
  return { ...fields, ...measured, ...(await pictures(full, measured.outputFolder!)) };
};

/** 5. The pictures of the built site; the build stays built whatever happens here. */
const pictures = async (
  context: BuildContext,
  outputFolder: string,
): Promise<RecordFields & { pictures: CapturedPicture[] }> => {
  const { pictures: taken, reason } = await captureSite(outputFolder, {
    ...(context.capture || {}),
    recordKey: context.settings.output.recordKey,
  });
  return {
    pictures: taken,
    screenshots: taken.map(({ body: _body, ...shot }) => shot),
    ...(reason ? { screenshot_reason: reason } : {}),
  };
};

/** Runs the build `settings` describe; never throws for what the bundle does. */
export const runLocalBuild = async (
  settings: BuildSettings,
  options: LocalBuildOptions,
): Promise<LocalBuildResult> => {
  const limits: Limits = { ...BUILD_LIMITS, ...options.limits };
  const folder = await mkdtemp(join(tmpdir(), 'mvp-build-'));
  const started = new Date().toISOString();
  const log = new LogTail(limits.logLines);
  const env = cleanEnvironment(folder, options.registryUrl);
  const root = join(folder, 'bundle');
  await Promise.all([root, env.HOME!, env.TMPDIR!].map((dir) => mkdir(dir, { recursive: true })));
  const {
    siteFiles = [],
    pictures: taken = [],
    outputFolder: _outputFolder,
    ...fields
  } = await runSteps(
    {
      settings,
      limits,
      log,
      env,
      signal: options.signal,
      readBundle: options.readBundle,
      capture: options.capture,
    },
    root,
  );
  const plan = {
    framework: settings.framework,
    package_manager: settings.packageManager,
    runtime: settings.packageManager === 'uv' ? ('python' as const) : ('node' as const),
    install_command: settings.installCommand,
    build_command: settings.buildCommand,
    output_dir: settings.outputDir,
  };
  return {
    record: {
      ...recordWithoutBuild(plan, 'failed', ''),
      reason: undefined,
      environment: 'local',
      sandbox: sandboxOfMachine().kind,
      started_at: started,
      finished_at: new Date().toISOString(),
      ...fields,
      log_tail: logTailOf(log.all()),
    },
    siteFiles,
    pictures: taken,
    cleanUp: async () => {
      if (!options.keepFolder) await rm(folder, { recursive: true, force: true });
    },
  };
};
