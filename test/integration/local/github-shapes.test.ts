/**
 * The local GitHub server against GitHub's own schemas (each local server's
 * responses are checked against the client library's types for every endpoint we call, so they
 * cannot drift silently). Every endpoint the product will call is called through Octokit and its
 * response checked against `components["schemas"][…]` of @octokit/openapi-types (generated from
 * github/rest-api-description), read with the TypeScript compiler: required properties present,
 * no undeclared ones, each value of its declared kind (test/fixtures/github-type-shapes.ts). The
 * push and ping webhook payloads are checked against `webhook-push` and `webhook-ping`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDeployKey } from '../../../lib/local/servers/deploy-key-proof';
import type { LocalGithub } from '../../../lib/local/servers/github/index';
import {
  installationOctokit,
  startTestGithub,
  startWebhookReceiver,
  userWithToken,
} from '../../fixtures/github-control';
import {
  formatShapeProblems,
  loadGithubShapes,
  type GithubShapes,
} from '../../fixtures/github-type-shapes';

const SCHEMAS = [
  'private-user',
  'full-repository',
  'repository',
  'file-commit',
  'short-blob',
  'blob',
  'git-tree',
  'git-commit',
  'git-ref',
  'commit',
  'commit-comparison',
  'pull-request',
  'pull-request-simple',
  'diff-entry',
  'hook',
  'deploy-key',
  'installation',
  'installation-token',
  'webhook-push',
  'webhook-ping',
] as const;

type Schema = (typeof SCHEMAS)[number];

let shapes: GithubShapes;
let server: LocalGithub;

const expectShape = (schema: Schema, value: unknown, label: string) => {
  expect(
    formatShapeProblems(shapes.check(schema, value, label)),
    `${label} against ${schema}`,
  ).toBe('');
};

beforeAll(async () => {
  [server, shapes] = await Promise.all([
    startTestGithub(),
    Promise.resolve().then(() => loadGithubShapes(SCHEMAS)),
  ]);
});

afterAll(async () => {
  await server?.stop();
});

describe('responses match @octokit/openapi-types', () => {
  it('users, repositories, contents, the Git Database API, commits, compare, pulls, hooks, the App', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { octokit } = await userWithToken(server, 'shape-user');
      expectShape('private-user', (await octokit.rest.users.getAuthenticated()).data, 'GET /user');
      const created = await octokit.rest.repos.createForAuthenticatedUser({
        name: 'shapes',
        private: true,
      });
      expectShape('full-repository', created.data, 'POST /user/repos');
      const repo = { owner: 'shape-user', repo: 'shapes' };
      expectShape(
        'full-repository',
        (await octokit.rest.repos.get(repo)).data,
        'GET /repos/{o}/{r}',
      );
      const hook = await octokit.rest.repos.createWebhook({
        ...repo,
        config: { url: receiver.url, content_type: 'json', secret: 'shape-secret' },
      });
      expectShape('hook', hook.data, 'POST hooks');
      (await octokit.rest.repos.listWebhooks(repo)).data.forEach((item, index) =>
        expectShape('hook', item, `GET hooks[${index}]`),
      );
      expectShape(
        'hook',
        (await octokit.rest.repos.getWebhook({ ...repo, hook_id: hook.data.id })).data,
        'GET hook',
      );

      const deployKey = await octokit.rest.repos.createDeployKey({
        ...repo,
        title: 'Netlify',
        key: generateDeployKey().publicKey,
        read_only: true,
      });
      expectShape('deploy-key', deployKey.data, 'POST keys');
      (await octokit.rest.repos.listDeployKeys(repo)).data.forEach((item, index) =>
        expectShape('deploy-key', item, `GET keys[${index}]`),
      );

      const file = await octokit.rest.repos.createOrUpdateFileContents({
        ...repo,
        path: 'README.md',
        message: 'Start',
        content: Buffer.from('# Shapes\n').toString('base64'),
      });
      expectShape('file-commit', file.data, 'PUT contents');
      const first = file.data.commit.sha!;
      const blob = await octokit.rest.git.createBlob({
        ...repo,
        content: 'AAEC',
        encoding: 'base64',
      });
      expectShape('short-blob', blob.data, 'POST git/blobs');
      expectShape(
        'blob',
        (await octokit.rest.git.getBlob({ ...repo, file_sha: blob.data.sha })).data,
        'GET git/blobs',
      );
      const tree = await octokit.rest.git.createTree({
        ...repo,
        base_tree: (await octokit.rest.git.getCommit({ ...repo, commit_sha: first })).data.tree.sha,
        tree: [{ path: 'bin/data.bin', mode: '100644', type: 'blob', sha: blob.data.sha }],
      });
      expectShape('git-tree', tree.data, 'POST git/trees');
      expectShape(
        'git-tree',
        (await octokit.rest.git.getTree({ ...repo, tree_sha: tree.data.sha, recursive: '1' })).data,
        'GET git/trees?recursive=1',
      );
      const commit = await octokit.rest.git.createCommit({
        ...repo,
        message: 'Data',
        tree: tree.data.sha,
        parents: [first],
      });
      expectShape('git-commit', commit.data, 'POST git/commits');
      expectShape(
        'git-commit',
        (await octokit.rest.git.getCommit({ ...repo, commit_sha: commit.data.sha })).data,
        'GET git/commits',
      );
      expectShape(
        'git-ref',
        (
          await octokit.rest.git.createRef({
            ...repo,
            ref: 'refs/heads/upgrade',
            sha: commit.data.sha,
          })
        ).data,
        'POST git/refs',
      );
      expectShape(
        'git-ref',
        (await octokit.rest.git.getRef({ ...repo, ref: 'heads/main' })).data,
        'GET git/ref',
      );
      expectShape(
        'git-ref',
        (await octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: commit.data.sha }))
          .data,
        'PATCH git/refs',
      );
      await octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: first, force: true });

      (await octokit.rest.repos.listCommits({ ...repo, sha: 'upgrade' })).data.forEach(
        (item, index) => expectShape('commit', item, `GET commits[${index}]`),
      );
      expectShape(
        'commit-comparison',
        (
          await octokit.rest.repos.compareCommitsWithBasehead({
            ...repo,
            basehead: 'main...upgrade',
          })
        ).data,
        'GET compare',
      );
      const pull = await octokit.rest.pulls.create({
        ...repo,
        title: 'Upgrade',
        head: 'upgrade',
        base: 'main',
        body: 'Notes',
      });
      expectShape('pull-request', pull.data, 'POST pulls');
      expectShape(
        'pull-request',
        (await octokit.rest.pulls.get({ ...repo, pull_number: pull.data.number })).data,
        'GET pull',
      );
      (await octokit.rest.pulls.list(repo)).data.forEach((item, index) =>
        expectShape('pull-request-simple', item, `GET pulls[${index}]`),
      );
      (await octokit.rest.pulls.listFiles({ ...repo, pull_number: pull.data.number })).data.forEach(
        (item, index) => expectShape('diff-entry', item, `GET pulls/files[${index}]`),
      );

      const installationId = await server.control.installApp('shape-user');
      const app = installationOctokit(server, installationId);
      const { createAppAuth } = await import('@octokit/auth-app');
      const { testAppKeys, TEST_APP } = await import('../../fixtures/github-control');
      const appAuth = createAppAuth({ appId: TEST_APP.id, privateKey: testAppKeys().privateKey });
      const { token: jwt } = await appAuth({ type: 'app' });
      const asApp = (await import('../../fixtures/github-control')).octokitFor(server, jwt);
      expectShape(
        'installation',
        (await asApp.rest.apps.getInstallation({ installation_id: installationId })).data,
        'GET app/installations/{id}',
      );
      expectShape(
        'installation-token',
        (await asApp.rest.apps.createInstallationAccessToken({ installation_id: installationId }))
          .data,
        'POST access_tokens',
      );
      const listed = (await app.rest.apps.listReposAccessibleToInstallation()).data;
      expect(listed.total_count).toBe(1);
      listed.repositories.forEach((item, index) =>
        expectShape('repository', item, `GET installation/repositories[${index}]`),
      );

      await octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: commit.data.sha });
      await server.control.waitForDeliveries();
      const bodies = Object.fromEntries(
        receiver.deliveries.map((delivery) => [
          String(delivery.headers['x-github-event']),
          JSON.parse(delivery.body) as unknown,
        ]),
      );
      expectShape('webhook-ping', bodies.ping, 'ping payload');
      expectShape('webhook-push', bodies.push, 'push payload');
    } finally {
      await receiver.stop();
    }
  });
});
