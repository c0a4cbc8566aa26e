/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` one after another, each in its own Node
 * process (each starts the emulators it needs and prints its own table). Benchmarks measure; they
 * never fail on a number, so `npm test` does not run them.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const benchDir = import.meta.dirname;
const benches = (await readdir(benchDir)).filter((file) => file.endsWith('.bench.ts'));
const args = process.argv.slice(2);
// An argument that names a bench selects it; the others go to the bench when exactly one is
// selected (`npm run bench -- cold-start CatalogFunction`: the functions to measure).
const only = args.filter((name) => benches.some((file) => file.includes(name)));
const files = benches
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();
const forwarded = files.length === 1 ? args.filter((name) => !only.includes(name)) : [];

let failed = false;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(benchDir, file), ...forwarded],
      {
        stdio: 'inherit',
        env: process.env,
      },
    );
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
