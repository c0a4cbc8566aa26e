/**
 * Starts the whole local stack once for the end-to-end suite: emulators on free ports, a fresh data
 * folder, demo data, and the built frontend (`frontend/dist`, built by `npm test` before this suite)
 * served on a free port. Test files read the URL and the mailbox location through `inject()`.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDemoStack } from '../../fixtures/demo-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eCognitoDataDir: string;
    e2eUserPoolId: string;
    /** The handlers' environment (lib/local/cloud/lambda-env.ts), for tasks a test runs itself. */
    e2eStackEnv: Record<string, string>;
    /** aws-ses-v2-local of the stack: `GET /store` lists every e-mail the site sent. */
    e2eSesEndpoint: string;
    /** The local GitHub server of the stack (lib/local/servers/github): API, pages and `/_local`. */
    e2eGithubEndpoint: string;
    e2eGithubGitUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dist = path.resolve(import.meta.dirname, '../../../frontend/dist/index.html');
  await access(dist).catch(() => {
    throw new Error('frontend/dist is missing: run `npm run build:web` before the e2e suite.');
  });
  const { stack, dataDir, stop } = await startDemoStack('e2e-stack-');
  project.provide('e2eBaseUrl', stack.url);
  project.provide('e2eCognitoDataDir', path.join(dataDir, 'cognito'));
  project.provide('e2eUserPoolId', stack.userPoolId);
  project.provide('e2eStackEnv', stack.env);
  project.provide('e2eSesEndpoint', stack.sesEndpoint);
  project.provide('e2eGithubEndpoint', stack.github.endpoint);
  project.provide('e2eGithubGitUrl', stack.github.gitUrl);

  return stop;
}
