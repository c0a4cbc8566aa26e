/**
 * Running one step of a local version build: a command in the project's folder with a clean
 * environment (only what the build needs: no variable of ours, no secret), in its own process
 * group so a time limit kills the whole of it, with the output kept as the last lines only.
 *
 * Without network, the step runs in a sandbox, the best this machine offers:
 * - bubblewrap (`bwrap`): the file system read-only but for the project and a private /tmp, no
 *   network, its own process and IPC namespaces, killed with us;
 * - `unshare -n` (root, or `-rn` through a user namespace): no network at all;
 * - else a plain child process (the clean environment and the limits still hold), and the
 *   record says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { BuildSandbox } from '../../../contract/design/build';

export type LocalSandbox = Exclude<BuildSandbox, 'codebuild'>;

interface SandboxChoice {
  kind: LocalSandbox;
  /** The command that runs `argv` in it. */
  wrap(argv: string[], dir: string): string[];
}

const works = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 5_000 });
  return result.status === 0;
};

let chosen: SandboxChoice | undefined;

/** The sandbox of this machine, probed once. `LOCAL_BUILD_SANDBOX` forces one (tests). */
export const sandboxOfMachine = (): SandboxChoice => {
  if (chosen) return chosen;
  const forced = process.env.LOCAL_BUILD_SANDBOX as LocalSandbox | undefined;
  const bwrapArgs = (dir: string) => [
    'bwrap',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--bind',
    dir,
    dir,
    '--unshare-net',
    '--unshare-pid',
    '--unshare-ipc',
    '--die-with-parent',
    '--new-session',
  ];
  const candidates: SandboxChoice[] = [
    { kind: 'bwrap', wrap: (argv, dir) => [...bwrapArgs(dir), '--chdir', dir, ...argv] },
    { kind: 'unshare', wrap: (argv) => ['unshare', '-n', ...argv] },
    { kind: 'unshare', wrap: (argv) => ['unshare', '-rn', ...argv] },
    { kind: 'process', wrap: (argv) => argv },
  ];
  const probe = (choice: SandboxChoice) => {
    if (choice.kind === 'process') return true;
    const [command, ...args] = choice.wrap(['true'], '/tmp');
    return works(command!, args);
  };
  chosen =
    candidates.find((choice) => (!forced || choice.kind === forced) && probe(choice)) ??
    candidates.at(-1)!;
  return chosen;
};

/** The last lines of a stream of output, with the line being written. */
export class LogTail {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly keep: number) {}

  push(text: string) {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.add(line);
  }

  add(line: string) {
    // Progress bars redraw one line with carriage returns: keep what it said last.
    this.lines.push(line.slice(line.lastIndexOf('\r') + 1));
    if (this.lines.length > this.keep * 2) this.lines = this.lines.slice(-this.keep);
  }

  all(): string[] {
    return [...this.lines, ...(this.partial ? [this.partial] : [])].slice(-this.keep);
  }
}

export interface StepResult {
  /** The exit code; null when the step was stopped at its time limit or by a signal. */
  exitCode: number | null;
  timedOut: boolean;
  /** Stopped by `signal` (the local stack stopping). */
  aborted: boolean;
  ms: number;
}

export interface StepOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  log: LogTail;
  /** Run without network in the machine's sandbox (the build); false: a plain child (install). */
  sandboxed: boolean;
  /** Stops the step (its whole process group). */
  signal?: AbortSignal;
}

/**
 * Runs `command` with `sh -c` in `cwd`; resolves when it and its output end, or when its time
 * limit has killed its whole process group.
 */
export const runStep = (command: string, options: StepOptions): Promise<StepResult> => {
  const started = Date.now();
  const argv = ['sh', '-c', command];
  const [file, ...args] = options.sandboxed ? sandboxOfMachine().wrap(argv, options.cwd) : argv;
  options.log.add(`$ ${command}`);
  return new Promise((resolve) => {
    const child = spawn(file!, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    let aborted = false;
    const abort = () => {
      aborted = true;
      killGroup();
    };
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => options.log.push(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => options.log.push(chunk.toString('utf8')));
    child.on('error', (error) => {
      clearTimeout(timer);
      options.log.add(error.message);
      options.signal?.removeEventListener('abort', abort);
      resolve({ exitCode: null, timedOut: false, aborted, ms: Date.now() - started });
    });
    // A background process that keeps the output open would hold `close` until the time limit.
    child.on('exit', () => setTimeout(killGroup, 1_000).unref());
    child.on('close', (code) => {
      clearTimeout(timer);
      // Whatever the step left running in the background goes with it.
      killGroup();
      options.signal?.removeEventListener('abort', abort);
      resolve({
        exitCode: timedOut || aborted ? null : code,
        timedOut,
        aborted,
        ms: Date.now() - started,
      });
    });
  });
};
