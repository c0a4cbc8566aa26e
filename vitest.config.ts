/**
 * One Vitest configuration, four suites. `npm test` (test/run.ts) runs them and
 * prints the count of each; `npx vitest run --project 'unit*'` runs one while working (the unit
 * suite is two projects).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The frontend's aliases (frontend/vite.config.ts): its sources (`@/`), the contract and Chakra's
 * theme files, so its modules are unit-testable as they are.
 */
const frontendSources = fileURLToPath(new URL('./frontend/src', import.meta.url));
const contract = fileURLToPath(new URL('./contract', import.meta.url));
const chakraTheme = dirname(fileURLToPath(import.meta.resolve('@chakra-ui/react/theme')));

/**
 * The unit test files that replace modules (`vi.mock`): each needs a module registry of its own,
 * so they run isolated, as the `unit-mocks` project. The rest of the unit suite shares its modules
 * within a worker (`isolate: false`): 640 tests in 14 s of CPU instead of 33.
 */
const unitRoot = fileURLToPath(new URL('./test/unit', import.meta.url));
const mockingUnitTests = readdirSync(unitRoot, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(unitRoot, file), 'utf8')))
  .map((file) => `test/unit/${file.split('\\').join('/')}`);

const unitProject = {
  resolve: {
    alias: { '@': frontendSources, '@contract': contract, '@chakra-theme': chakraTheme },
  },
  test: {
    environment: 'node',
    // `npm test` runs this suite beside the e2e suite's stack: the default 5 s is for a
    // quiet machine.
    testTimeout: 15_000,
  },
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        ...unitProject,
        test: {
          ...unitProject.test,
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: mockingUnitTests,
          isolate: false,
        },
      },
      {
        ...unitProject,
        test: { ...unitProject.test, name: 'unit-mocks', include: mockingUnitTests },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // The files of a worker share the libraries they load (the AWS SDK, zod, Stripe's and
          // GitHub's clients), not the project's own modules: per-file.ts reloads those and gives
          // each file the worker's first environment. The whole suite took 308 s of CPU instead
          // of 398 s, every test passing as when each file had a process of its own.
          isolate: false,
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
        // The e2e files read the app's own modules (paths, texts), which import by `@/`.
        resolve: unitProject.resolve,
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
