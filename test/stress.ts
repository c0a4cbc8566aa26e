/**
 * `npm run test:stress`: the whole suite (`npm test`, with any arguments it takes) while two other
 * processes keep the CPU busy, as CI's machine may be when it runs us beside other work. A test
 * that passes only when the machine is quiet (a sleep deciding an order, a fixed wait for a page)
 * fails here first. `--burners=N` changes how many busy processes run beside it (default 2).
 *
 * The burners are plain busy loops at normal priority, one core each; they stop when the suite
 * ends, whatever its result, and the suite's exit code is this command's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const burnersArg = args.find((arg) => arg.startsWith('--burners='));
const burners = burnersArg ? Number(burnersArg.slice('--burners='.length)) : 2;
if (!Number.isInteger(burners) || burners < 0) {
  console.error('--burners takes a whole number of busy processes, for example --burners=2');
  process.exit(2);
}

// A busy loop that also allocates a little, so the garbage collector's work competes too.
const BUSY_LOOP =
  'let x = 0; for (;;) { x = (x + Math.sqrt(x + 1)) % 1e9; if (x < 1) [].push({ x }); }';

const started: ChildProcess[] = [];
for (let index = 0; index < burners; index += 1) {
  started.push(spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: 'ignore' }));
}
const stopBurners = () => {
  for (const burner of started) burner.kill('SIGKILL');
};
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopBurners();
    process.exit(130);
  });
}

console.log(`Stress run: ${burners} CPU-burning processes beside npm test.`);
const suite = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'test', 'run.ts'),
    ...args.filter((arg) => arg !== burnersArg),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);
suite.on('exit', (code, signal) => {
  stopBurners();
  process.exit(code ?? (signal ? 1 : 0));
});
