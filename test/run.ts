/**
 * `npm test`: every check a change must keep, in the order that fails fastest.
 *
 * 1. lint (ESLint + Prettier) and typecheck (backend and frontend), 2. the frontend build (the e2e
 * suite serves it, and its size is reported), 3. the Vitest suites one after another: unit,
 * integration (emulators), infra (CDK assertions + cdk-nag), e2e (headless Chromium).
 *
 * Each suite's counts are printed, then one closing line `tests: N passed, N failed` that CI reads.
 * `npm test -- unit infra` runs only the named suites (the static checks still run first);
 * `--no-static` skips lint/typecheck/build when iterating.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const SUITES = ['unit', 'integration', 'infra', 'e2e'] as const;
type Suite = (typeof SUITES)[number];

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  ok: boolean;
}

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, '.local', 'test-reports');

/**
 * Runs a command to its end. With `buffered`, its output is kept and printed in one piece when it
 * ends, so two steps running side by side do not interleave their lines.
 */
const run = (command: string, args: string[], header: string, buffered = false): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    if (!buffered) console.log(header);
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('exit', (code, signal) => {
      if (buffered) process.stdout.write(`${header}\n${Buffer.concat(chunks).toString()}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });

const step = async (
  name: string,
  command: string,
  args: string[],
  buffered = false,
): Promise<SuiteResult> => {
  const started = Date.now();
  const code = await run(command, args, `\n=== ${name}: ${command} ${args.join(' ')}`, buffered);
  // A static check is not a test: it adds nothing when it passes and one failure when it fails.
  return {
    name,
    passed: 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    seconds: (Date.now() - started) / 1000,
    ok: code === 0,
  };
};

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const runSuite = async (suite: Suite): Promise<SuiteResult> => {
  const started = Date.now();
  const output = path.join(reportDir, `${suite}.json`);
  await rm(output, { force: true });
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      suite,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
      '--passWithNoTests',
    ],
    `\n=== ${suite} tests`,
  );
  let report: VitestJson | undefined;
  try {
    report = JSON.parse(await readFile(output, 'utf8')) as VitestJson;
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
  };
};

const main = async () => {
  const args = process.argv.slice(2);
  const skipStatic = args.includes('--no-static');
  const named = args.filter((arg): arg is Suite => (SUITES as readonly string[]).includes(arg));
  const suites: readonly Suite[] = named.length > 0 ? named : SUITES;
  await mkdir(reportDir, { recursive: true });
  const started = Date.now();
  const results: SuiteResult[] = [];

  if (!skipStatic) {
    // Lint and typecheck are each one process on one core: side by side on two.
    results.push(
      ...(await Promise.all([
        step('lint', 'npm', ['run', '--silent', 'lint'], true),
        step('typecheck', 'npm', ['run', '--silent', 'typecheck'], true),
      ])),
    );
    if (suites.includes('e2e')) {
      results.push(await step('build:web', 'npm', ['run', '--silent', 'build:web']));
    }
  }
  for (const suite of suites) results.push(await runSuite(suite));

  const total = (key: 'passed' | 'failed' | 'skipped') =>
    results.reduce((sum, result) => sum + result[key], 0);
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
