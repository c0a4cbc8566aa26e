/**
 * `npm test`: every check a change must keep, in two lanes that keep both cores busy.
 *
 * The frontend build comes first (a few seconds; the e2e suite serves it and reports its size).
 * Then, at once: the e2e suite (headless Chromium against the local stack) in one lane; lint
 * (ESLint + Prettier) and typecheck (backend and frontend) side by side, then the unit,
 * integration (emulators) and infra (CDK assertions + cdk-nag) suites in the other. The e2e suite
 * is the longest, and both lanes keep the two cores busy to the end: the run is CPU-bound, Chromium
 * its largest user (docs/performance.md, "The test suite's time"). (The
 * other lane at a lower CPU priority, `nice`, was tried: lint, typecheck and integration then took
 * half as long again, and the e2e suite gained nothing.)
 *
 * Each suite's counts are printed, then one closing line `tests: N passed, N failed` that CI reads.
 * `npm test -- unit infra` runs only the named suites (the static checks still run first);
 * `--no-static` skips lint/typecheck/build when iterating; `--serial` runs the static checks, then
 * the suites one after another (to time each alone).
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const SUITES = ['unit', 'integration', 'infra', 'e2e'] as const;
type Suite = (typeof SUITES)[number];

/**
 * The Vitest projects of each suite (vitest.config.ts): the unit suite's files that replace
 * modules run in a project of their own, isolated.
 */
const PROJECTS: Record<Suite, string[]> = {
  unit: ['unit', 'unit-mocks'],
  integration: ['integration'],
  infra: ['infra'],
  e2e: ['e2e'],
};

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  ok: boolean;
  /** The failed tests and the start of their errors (failureDigest). */
  digest: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, '.local', 'test-reports');

/**
 * Node's on-disk cache of compiled modules (Node 22.1+), for every process of the run: a process
 * that loads the AWS SDK, zod and the rest after another one did (the unit-mocks files, each in a
 * process of its own, the integration and e2e workers, the stack) skips compiling them. Measured
 * while each integration file had a process of its own, on 30 files: 56 s of CPU instead of 68 s
 * (the cache filled), 64 s on its first run; since they share their workers' libraries, less.
 */
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules', '.cache', 'node-compile');

/**
 * How a command's output reaches the terminal: `inherit` as it comes (colours and all), `lines` as
 * it comes but whole lines at a time, `buffered` in one piece when it ends. With two commands
 * running side by side, one shows in `lines` and the others `buffered`, so no line is cut in two.
 */
type Output = 'inherit' | 'lines' | 'buffered';

/** Runs a command to its end. */
const run = (command: string, args: string[], header: string, output: Output): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    if (output !== 'buffered') console.log(header);
    const chunks: Buffer[] = [];
    const partial = { stdout: '', stderr: '' };
    const forward = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (output === 'buffered') {
        chunks.push(chunk);
        return;
      }
      const text = partial[stream] + chunk.toString();
      const end = text.lastIndexOf('\n') + 1;
      partial[stream] = text.slice(end);
      if (end > 0) process[stream].write(text.slice(0, end));
    };
    child.stdout?.on('data', forward('stdout'));
    child.stderr?.on('data', forward('stderr'));
    child.on('exit', (code, signal) => {
      if (output === 'buffered')
        process.stdout.write(`${header}\n${Buffer.concat(chunks).toString()}`);
      for (const stream of ['stdout', 'stderr'] as const) {
        if (partial[stream]) process[stream].write(`${partial[stream]}\n`);
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });

const step = async (
  name: string,
  command: string,
  args: string[],
  output: Output,
): Promise<SuiteResult> => {
  const started = Date.now();
  const code = await run(command, args, `\n=== ${name}: ${command} ${args.join(' ')}`, output);
  // A static check is not a test: it adds nothing when it passes and one failure when it fails.
  return {
    name,
    passed: 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    seconds: (Date.now() - started) / 1000,
    ok: code === 0,
    digest: [],
  };
};

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** How many failures the digest shows, and how many lines of each one's message. */
const DIGEST_FAILURES = 10;
const DIGEST_LINES = 12;

/** A stack frame outside the project's own code: the digest leaves these out. */
const LIBRARY_FRAME = /^\s*at .*(node_modules|node:internal|<anonymous>)/;

// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * The failed tests of a suite's report, each with the start of its error: printed again just above
 * the summary, so that whoever reads only the end of a long run (CI keeps the tail) sees what
 * failed and why, not only how many.
 */
const failureDigest = (suite: string, report: VitestJson | undefined): string[] => {
  const lines: string[] = [];
  for (const file of report?.testResults ?? []) {
    const relative = path.relative(root, file.name);
    const failures = file.assertionResults.filter((test) => test.status === 'failed');
    if (failures.length === 0 && file.message)
      failures.push({ fullName: '(file)', status: 'failed', failureMessages: [file.message] });
    for (const test of failures) {
      const message = stripAnsi(test.failureMessages?.[0] ?? '')
        .split('\n')
        .filter((line) => line.trim() !== '' && !LIBRARY_FRAME.test(line))
        .slice(0, DIGEST_LINES);
      lines.push(
        `FAIL ${suite} ${relative} > ${test.fullName}`,
        ...message.map((line) => `     ${line}`),
      );
    }
  }
  return lines;
};

const runSuite = async (suite: Suite, output: Output): Promise<SuiteResult> => {
  const started = Date.now();
  const reportFile = path.join(reportDir, `${suite}.json`);
  await rm(reportFile, { force: true });
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      ...PROJECTS[suite].flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      '--passWithNoTests',
    ],
    `\n=== ${suite} tests`,
    output,
  );
  let report: VitestJson | undefined;
  try {
    report = JSON.parse(await readFile(reportFile, 'utf8')) as VitestJson;
  } catch {
    report = undefined;
  }
  const passed = report?.numPassedTests ?? 0;
  // A suite that crashed, or a file that failed to load, counts as one failure, never as a pass.
  const failed = report?.numFailedTests ?? 1;
  return {
    name: suite,
    passed,
    failed: code !== 0 && failed === 0 ? 1 : failed,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    seconds: (Date.now() - started) / 1000,
    ok: code === 0,
    digest: failureDigest(suite, report),
  };
};

const main = async () => {
  const args = process.argv.slice(2);
  const skipStatic = args.includes('--no-static');
  const serial = args.includes('--serial');
  const named = args.filter((arg): arg is Suite => (SUITES as readonly string[]).includes(arg));
  const suites: readonly Suite[] = named.length > 0 ? named : SUITES;
  await mkdir(reportDir, { recursive: true });
  const started = Date.now();
  const results: SuiteResult[] = [];

  const lint = () => step('lint', 'npm', ['run', '--silent', 'lint'], 'buffered');
  const typecheck = () => step('typecheck', 'npm', ['run', '--silent', 'typecheck'], 'buffered');
  const build = () => step('build:web', 'npm', ['run', '--silent', 'build:web'], 'buffered');
  /** Lint and typecheck side by side: each is one process on one core. */
  const staticChecks = async () => (skipStatic ? [] : Promise.all([lint(), typecheck()]));
  const inOrder = async (names: readonly Suite[], output: Output) => {
    const done: SuiteResult[] = [];
    for (const suite of names) done.push(await runSuite(suite, output));
    return done;
  };

  if (serial || !suites.includes('e2e')) {
    if (!skipStatic) {
      const checks = [lint(), typecheck(), ...(suites.includes('e2e') ? [build()] : [])];
      results.push(...(await Promise.all(checks)));
    }
    results.push(...(await inOrder(suites, 'inherit')));
  } else {
    if (!skipStatic) results.push(await build());
    const others = suites.filter((suite) => suite !== 'e2e');
    const [e2e, rest] = await Promise.all([
      runSuite('e2e', 'lines'),
      (async () => [...(await staticChecks()), ...(await inOrder(others, 'buffered'))])(),
    ]);
    // The static checks first, then the suites in the order of SUITES.
    results.push(...rest.filter((result) => !(SUITES as readonly string[]).includes(result.name)));
    for (const suite of SUITES) {
      results.push(...[e2e, ...rest].filter((result) => result.name === suite));
    }
  }

  const total = (key: 'passed' | 'failed' | 'skipped') =>
    results.reduce((sum, result) => sum + result[key], 0);
  const digest = results.flatMap((result) => result.digest);
  if (digest.length > 0) {
    const shown = digest.filter((line) => line.startsWith('FAIL ')).length;
    console.log('\n=== failures');
    let count = 0;
    for (const line of digest) {
      if (line.startsWith('FAIL ') && ++count > DIGEST_FAILURES) break;
      console.log(line);
    }
    if (shown > DIGEST_FAILURES) console.log(`... and ${shown - DIGEST_FAILURES} more`);
  }
  console.log('\n=== summary');
  for (const r of results) {
    console.log(
      `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed ` +
        `${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped  ${r.seconds.toFixed(1)} s`,
    );
  }
  console.log(`wall time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const failed = total('failed');
  const skipped = total('skipped');
  console.log(
    `tests: ${total('passed')} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
  process.exit(results.every((r) => r.ok) && failed === 0 ? 0 : 1);
};

await main();
