/**
 * Starts the whole local stack once for the end-to-end suite: emulators on free ports, a fresh data
 * folder, demo data, and the built frontend (`frontend/dist`, built by `npm test` before this suite)
 * served on a free port. Test files read the URL and the mailbox location through `inject()`.
 */
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../../lib/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eCognitoDataDir: string;
    e2eUserPoolId: string;
  }
}

let stack: LocalStack | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  const dist = path.resolve(import.meta.dirname, '../../../frontend/dist/index.html');
  await access(dist).catch(() => {
    throw new Error('frontend/dist is missing: run `npm run build:web` before the e2e suite.');
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-stack-'));
  // The emulators pick free ports of their own; these variables stop them preferring the defaults
  // that a running `npm start` may hold.
  for (const name of ['DYNAMODB_PORT', 'COGNITO_PORT', 'S3_PORT']) {
    process.env[name] = String(await getPort());
  }
  // Handler logs would drown the test report; warnings and errors still show.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  stack = await startLocalStack({
    port: await getPort(),
    dataDir,
    seed: true,
    web: 'dist',
    quiet: true,
    // The beta-access button is part of the local demo, so the suite tests it switched on.
    betaAccess: true,
  });
  project.provide('e2eBaseUrl', stack.url);
  project.provide('e2eCognitoDataDir', path.join(dataDir, 'cognito'));
  project.provide('e2eUserPoolId', stack.userPoolId);

  return async () => {
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
