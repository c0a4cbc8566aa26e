/**
 * The build stage of a local Netlify build, as Netlify's build image runs it in the base directory:
 * install the dependencies with the package manager the lock file names, then run the build
 * command through a shell. Differences from Netlify, each for a reason:
 *
 * - No network: npm installs from its cache on this machine only (`npm ci --offline`); a package
 *   not in the cache fails the build naming it, instead of publishing the sources. pnpm, yarn and
 *   bun are used only when installed here; a lock file of one that is not fails the build.
 * - A clean environment: PATH, HOME (a folder of the build's own), the npm cache and Netlify's own
 *   build variables (`NETLIFY`, `CI`, `CONTEXT`). Nothing of this process's environment (the
 *   product's secrets) reaches a template's scripts.
 * - Bounded: each command is killed with its process group after `timeoutMs`, and its output is
 *   kept to its last lines.
 */
import { spawn } from 'node:child_process';
import { access, mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { redactUrl } from './http';

/** A build that failed for a reason the deploy shows (`error_message`). */
export class BuildFailure extends Error {}

/** Lines of a command's output kept (the build log keeps the end, where errors are). */
const MAX_OUTPUT_LINES = 400;

export interface CommandOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  /** Each line of output, as it comes. */
  onLine(line: string): void;
}

export interface CommandResult {
  code: number | null;
  timedOut: boolean;
  /** The command's last output lines (stdout and stderr interleaved). */
  output: string[];
}

/** No credentials in a logged line: URLs' user info and Authorization headers are masked. */
export const redactLine = (line: string): string =>
  redactUrl(line).replace(/(authorization:\s*)(basic|bearer|token)\s+\S+/gi, '$1$2 [redacted]');

/** Runs `command` in a shell of its own process group; never rejects. */
export const runCommand = (command: string, options: CommandOptions): Promise<CommandResult> =>
  new Promise((done) => {
    const output: string[] = [];
    const child = spawn('sh', ['-c', command], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let timedOut = false;
    // The whole group: a build tool's own children (a bundler's workers) go with it.
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    options.signal.addEventListener('abort', kill, { once: true });
    const collect = (stream: NodeJS.ReadableStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split(/\r?\n/);
        rest = lines.pop() ?? '';
        for (const raw of lines) {
          const line = redactLine(raw);
          output.push(line);
          if (output.length > MAX_OUTPUT_LINES) output.shift();
          options.onLine(line);
        }
      });
      stream.on('end', () => {
        if (rest) {
          const line = redactLine(rest);
          output.push(line);
          options.onLine(line);
        }
      });
    };
    collect(child.stdout!);
    collect(child.stderr!);
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ code: null, timedOut, output: [...output, error.message] });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', kill);
      done({ code, timedOut, output });
    });
  });

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Whether `tool` is on PATH. */
const installed = async (tool: string, path: string) => {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    if (await exists(join(dir, tool))) return true;
  }
  return false;
};

/** The npm cache this machine's `npm ci` filled (npm_config_cache, else npm's default). */
const npmCache = () => process.env.npm_config_cache || join(homedir(), '.npm');

/** The build's environment: what a build needs, none of this process's variables. */
export const buildEnvironment = async (
  home: string,
  cwd: string,
): Promise<Record<string, string>> => {
  await mkdir(home, { recursive: true });
  const path = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';
  return {
    PATH: [join(cwd, 'node_modules', '.bin'), path].join(delimiter),
    HOME: home,
    LANG: 'C.UTF-8',
    CI: 'true',
    NETLIFY: 'true',
    CONTEXT: 'production',
    npm_config_cache: npmCache(),
    // npm writes its debug logs beside the cache by default: the build's own folder instead.
    npm_config_logs_dir: join(home, 'npm-logs'),
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
};

/** Lock files and the tool each one needs, in the order Netlify's build image checks them. */
const LOCK_FILES: { file: string; tool: 'pnpm' | 'yarn' | 'bun' | 'npm' }[] = [
  { file: 'pnpm-lock.yaml', tool: 'pnpm' },
  { file: 'yarn.lock', tool: 'yarn' },
  { file: 'bun.lockb', tool: 'bun' },
  { file: 'bun.lock', tool: 'bun' },
  { file: 'package-lock.json', tool: 'npm' },
  { file: 'npm-shrinkwrap.json', tool: 'npm' },
];

const INSTALL_COMMANDS = {
  pnpm: 'pnpm install --frozen-lockfile --offline',
  yarn: 'yarn install --frozen-lockfile --offline',
  bun: 'bun install --frozen-lockfile',
  npm: 'npm ci --offline --no-audit --no-fund',
} as const;

/** The first package the offline install could not find, from npm's (or pnpm's) error output. */
export const missingPackageOf = (output: string[]): string | undefined => {
  for (const raw of output) {
    const line = raw.replace(/%2f/gi, '/');
    // npm: "request to https://registry.npmjs.org/next/-/next-15.0.3.tgz failed: cache mode is
    // 'only-if-cached' but no cached response is available" (the package's tarball or metadata).
    if (!/only-if-cached|ENOTCACHED|ERR_PNPM_NO_OFFLINE/i.test(line)) continue;
    const url =
      /https?:\/\/[^\s/]+\/((?:@[^/\s]+\/)?[^/\s@]+)(?:\/-\/\S*?-(\d[^\s/]*?)\.tgz)?/.exec(line);
    if (url) return url[2] ? `${url[1]}@${url[2]}` : url[1];
  }
  return undefined;
};

const hasDependencies = async (dir: string) => {
  const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return false;
  try {
    const pkg = JSON.parse(text) as Record<string, unknown>;
    return ['dependencies', 'devDependencies', 'optionalDependencies'].some(
      (field) => Object.keys((pkg[field] as object | undefined) ?? {}).length > 0,
    );
  } catch {
    throw new BuildFailure(
      "Failed during stage 'Install dependencies': package.json is not valid JSON",
    );
  }
};

/**
 * Installs `cwd`'s dependencies when its package.json declares any; throws BuildFailure with the
 * reason when they cannot be installed here.
 */
export const installDependencies = async (
  cwd: string,
  options: Omit<CommandOptions, 'cwd'> & { log(line: string): void },
): Promise<void> => {
  if (!(await hasDependencies(cwd))) return;
  let tool: (typeof LOCK_FILES)[number]['tool'] = 'npm';
  let lockFile: string | undefined;
  for (const candidate of LOCK_FILES) {
    if (await exists(join(cwd, candidate.file))) {
      ({ tool } = candidate);
      lockFile = candidate.file;
      break;
    }
  }
  if (tool !== 'npm' && !(await installed(tool, options.env.PATH ?? ''))) {
    throw new BuildFailure(
      `Could not install dependencies: ${lockFile} needs ${tool}, which is not installed on the local build image`,
    );
  }
  const command = lockFile ? INSTALL_COMMANDS[tool] : 'npm install --offline --no-audit --no-fund';
  options.log(`Installing dependencies: ${command}`);
  const result = await runCommand(command, { ...options, cwd });
  if (result.timedOut) {
    throw new BuildFailure(
      `Could not install dependencies: \`${command}\` did not finish in ${Math.round(options.timeoutMs / 1000)} s`,
    );
  }
  if (result.code !== 0) {
    const missing = missingPackageOf(result.output);
    throw new BuildFailure(
      missing
        ? `Could not install dependencies without network access: ${missing}`
        : `Could not install dependencies: \`${command}\` exited with code ${result.code ?? 'unknown'}`,
    );
  }
};
