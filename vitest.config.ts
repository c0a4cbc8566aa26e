/**
 * One Vitest configuration, four suites. `npm test` (test/run.ts) runs them one after another and
 * prints the count of each; `npx vitest run --project unit` runs one while working.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The frontend's aliases (frontend/vite.config.ts): the contract and Chakra's theme files, so its
 * modules are unit-testable as they are.
 */
const contract = fileURLToPath(new URL('./contract', import.meta.url));
const chakraTheme = dirname(fileURLToPath(import.meta.resolve('@chakra-ui/react/theme')));

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {
          alias: { '@contract': contract, '@chakra-theme': chakraTheme },
        },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // `npm test` runs this suite beside the e2e suite's stack: the default 5 s is for a
          // quiet machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // The emulators start once per run; each test file gets its own table, buckets and pool.
          globalSetup: ['test/integration/setup/global-setup.ts'],
          setupFiles: ['test/integration/setup/per-file.ts'],
          // Two files at a time (each has its own table, buckets and pool): the emulators wait on
          // I/O as much as the tests, so two workers on two cores take about two thirds of the time.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share their modules: aws-cdk-lib loads once, and the apps that
          // test/fixtures/synth.ts synthesises are shared by the files that read the same one.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // A page's first load fetches code chunks and warms the catalog: poll for up to 15 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          environment: 'node',
          globalSetup: ['test/e2e/setup/global-setup.ts'],
          // Closes each file's one Chromium process when the file ends.
          setupFiles: ['test/e2e/setup/per-file.ts'],
          // One file at a time against the one stack, in one worker that keeps its modules
          // (playwright-core and the fixtures load once, not once per file: about 1 s per file).
          fileParallelism: false,
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
