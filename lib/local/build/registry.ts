/**
 * The local npm registry that version builds install from: verdaccio (a child process), with no
 * uplink, so it serves only what it holds and answers 404 for anything else at once (a build with
 * a dependency it lacks fails with that reason, never waits on the internet). Its storage is
 * seeded from this project's installed packages (registry-seed.ts) and kept under `.local/`
 * across starts and data folders, so only the first start (or a changed package-lock.json) pays
 * for the seed. Nobody may publish to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { choosePort } from '../emulators/start';
import {
  captureOutput,
  httpAnswers,
  liveChildren,
  stopChild,
  waitUntil,
} from '../emulators/process';
import { seedRegistryStorage, type SeedSummary } from './registry-seed';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The registry's folder: shared by every start, whatever its data folder (the seed is large). */
export const defaultRegistryDir = () =>
  resolve(process.env.LOCAL_NPM_REGISTRY_DIR ?? join(projectRoot, '.local', 'npm-registry'));

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  seed: SeedSummary;
  stop(): Promise<void>;
}

export interface LocalRegistryOptions {
  /** Defaults to `NPM_REGISTRY_PORT`, else a free port near 4873. */
  port?: number;
  dir?: string;
}

const configOf = (storage: string) => ({
  storage,
  // No uplinks: a package it does not hold is a 404 at once.
  uplinks: {},
  packages: {
    '@*/*': { access: '$all', publish: 'nobody-publishes', unpublish: 'nobody-publishes' },
    '**': { access: '$all', publish: 'nobody-publishes', unpublish: 'nobody-publishes' },
  },
  auth: { htpasswd: { file: join(storage, '..', 'htpasswd'), max_users: -1 } },
  web: { enable: false },
  middlewares: { audit: { enabled: false } },
  server: { keepAliveTimeout: 60 },
  log: { type: 'stdout', format: 'json', level: 'error' },
});

/** Seeds (or reuses) the storage, then starts verdaccio on it; resolves once it answers. */
export const startLocalRegistry = async (
  options: LocalRegistryOptions = {},
): Promise<LocalRegistry> => {
  const dir = resolve(options.dir ?? defaultRegistryDir());
  const storage = join(dir, 'storage');
  mkdirSync(dir, { recursive: true });
  const seed = await seedRegistryStorage(projectRoot, storage);
  const configPath = join(dir, 'config.yaml');
  writeFileSync(configPath, stringify(configOf(storage)));
  const port = options.port ?? (await choosePort('NPM_REGISTRY_PORT', 4873));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(projectRoot, 'node_modules', 'verdaccio', 'bin', 'verdaccio'),
      '--config',
      configPath,
      '--listen',
      `127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', HOME: dir } },
  );
  liveChildren.add(child);
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitUntil('The local npm registry (verdaccio)', () => httpAnswers(`${url}-/ping`), {
      timeoutMs: 30_000,
      child,
      output,
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, seed, stop: () => stopChild(child) };
};
