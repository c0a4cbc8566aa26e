/**
 * What the emulators share: the error a person running the stack can fix, the handle every start
 * function returns, and the child-process plumbing (port checks, waiting for an answer, stopping
 * without leaving a process behind).
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A problem the person running the stack can fix; bin/dev.ts prints only its message. */
export class LocalStackError extends Error {
  override readonly name = 'LocalStackError';
}

export interface EmulatorHandle {
  readonly endpoint: string;
  readonly port: number;
  /** The emulator's process id when it is a child process (fault-injection tests pause it). */
  readonly pid?: number;
  stop(): Promise<void>;
}

/** Children still running, killed synchronously if the process exits without a clean stop. */
export const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

/** Resolves when `port` can be bound on localhost; otherwise says who should pick another one. */
export const assertPortFree = async (port: number, what: string, envVar: string): Promise<void> => {
  const free = await new Promise<boolean>((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen({ port, host: 'localhost', exclusive: true }, () => probe.close(() => done(true)));
  });
  if (!free) {
    throw new LocalStackError(
      `Port ${port} (${what}) is already in use. Stop whatever is using it, or choose another port: ${envVar}=<port> npm start`,
    );
  }
};

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Polls `probe` until it resolves true; rejects when the child died or the time ran out, so a
 * broken emulator fails the start instead of hanging it.
 */
export const waitUntil = async (
  what: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; child?: ChildProcess; output?: () => string },
): Promise<void> => {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (options.child && options.child.exitCode !== null) {
      throw new LocalStackError(
        `${what} exited during start (code ${options.child.exitCode}).${tail(options.output?.())}`,
      );
    }
    if (await probe().catch(() => false)) return;
    await sleep(150);
  }
  throw new LocalStackError(
    `${what} did not answer within ${options.timeoutMs / 1000} s.${tail(options.output?.())}`,
  );
};

const tail = (output: string | undefined) =>
  output ? `\nIts last output:\n${output.split('\n').slice(-15).join('\n')}` : '';

export const httpAnswers = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(1000) });
  await response.arrayBuffer();
  return true;
};

/** Kills a child and waits for it to be gone (SIGKILL after a grace period). */
export const stopChild = async (child: ChildProcess, graceMs = 3000): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) {
    liveChildren.delete(child);
    return;
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  liveChildren.delete(child);
};

/** Keeps the last few kilobytes a child printed, for error messages. */
export const captureOutput = (child: ChildProcess, onText?: (text: string) => void) => {
  let buffer = '';
  const append = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    buffer = (buffer + text).slice(-8000);
    onText?.(text);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => buffer;
};
