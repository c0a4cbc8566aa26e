/** cognito-local, a Node child process; its printed confirmation codes stand in for a mailbox. */
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import {
  assertPortFree,
  captureOutput,
  httpAnswers,
  liveChildren,
  stopChild,
  waitUntil,
  type EmulatorHandle,
} from './process';

const require = createRequire(import.meta.url);

/** Cognito actions cognito-local lacks, registered in its process before it starts. */
const EXTENSIONS = new URL('./cognito-local-extensions.mjs', import.meta.url);

/** A confirmation code cognito-local "sent" (it prints the message instead of mailing it). */
export interface ConfirmationCode {
  email: string;
  code: string;
}

export interface CognitoLocalHandle extends EmulatorHandle {
  /** Emits `code` with a {@link ConfirmationCode} whenever cognito-local prints one. */
  readonly events: EventEmitter<{ code: [ConfirmationCode] }>;
  /** The folder cognito-local keeps `.cognito/config.json` and `.cognito/db/` in. */
  readonly dataDir: string;
}

// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters by definition
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Finds confirmation codes in cognito-local's output. It prints a boxed block per message:
 * `Username: <name>`, `Destination: <email>`, `Code: <code>` on separate lines.
 */
export const parseConfirmationCodes = (text: string): ConfirmationCode[] => {
  const clean = text.replace(ANSI, '');
  const found: ConfirmationCode[] = [];
  const blocks = clean.split('Confirmation Code Delivery').slice(1);
  for (const block of blocks) {
    const destination = /Destination:\s*(\S+?)\s*[│|]?\s*$/m.exec(block)?.[1];
    const code = /Code:\s*(\S+?)\s*[│|]?\s*$/m.exec(block)?.[1];
    if (destination && code) found.push({ email: destination, code });
  }
  return found;
};

export interface CognitoLocalOptions {
  port: number;
  /** Working directory of cognito-local; it stores its pools and users under `.cognito/`. */
  dataDir: string;
}

/** Starts cognito-local as a child process (its start script configures itself from PORT/HOST). */
export const startCognitoLocal = async (
  options: CognitoLocalOptions,
): Promise<CognitoLocalHandle> => {
  await assertPortFree(options.port, 'cognito-local', 'COGNITO_PORT');
  const dataDir = resolve(options.dataDir);
  await mkdir(join(dataDir, '.cognito', 'db'), { recursive: true });
  const script = join(
    dirname(require.resolve('cognito-local/package.json')),
    'lib',
    'bin',
    'start.js',
  );
  const child = spawn(process.execPath, ['--import', EXTENSIONS.href, script], {
    cwd: dataDir,
    env: { ...process.env, PORT: String(options.port), HOST: 'localhost', DEBUG: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(child);
  const events = new EventEmitter<{ code: [ConfirmationCode] }>();
  // A message box may arrive split over chunks: parse complete blocks from a rolling window.
  let pending = '';
  const output = captureOutput(child, (text) => {
    pending += text;
    const lastBox = pending.lastIndexOf('Confirmation Code Delivery');
    if (lastBox === -1) {
      pending = pending.slice(-200);
      return;
    }
    // The block is complete once its closing corner has arrived.
    if (!/╯/.test(pending.slice(lastBox))) return;
    for (const code of parseConfirmationCodes(pending)) events.emit('code', code);
    pending = '';
  });
  const endpoint = `http://localhost:${options.port}`;
  try {
    await waitUntil('cognito-local', () => httpAnswers(`${endpoint}/health`), {
      timeoutMs: 30_000,
      child,
      output,
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    endpoint,
    port: options.port,
    pid: child.pid,
    events,
    dataDir,
    stop: () => stopChild(child),
  };
};
