/**
 * The local GitHub server (lib/local/servers/github) through the official clients, as the product will
 * use it: @octokit/rest, @octokit/auth-app and the git CLI. The OAuth code exchange (single use),
 * the App installation page and installation tokens, repository creation, the Git Database API
 * (409 on an empty repository, a commit with a binary file), clone and push over smart HTTP, the
 * signed push webhook and its redelivery, zipballs, commits and compare, pull requests.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestError } from '@octokit/request-error';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployKeyAuthorization,
  generateDeployKey,
} from '../../../lib/local/servers/deploy-key-proof';
import type { LocalGithub } from '../../../lib/local/servers/github/index';
import {
  authenticatedCloneUrl,
  gitCli,
  installationOctokit,
  octokitFor,
  startTestGithub,
  startWebhookReceiver,
  TEST_APP,
  TEST_OAUTH_APP,
  userWithToken,
} from '../../fixtures/github-control';

let server: LocalGithub;
let work: string;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startTestGithub();
  work = await mkdtemp(join(tmpdir(), 'github-server-test-'));
});

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

/** The RequestError an Octokit call rejects with (fails when it resolves). */
const failure = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RequestError);
  const { status, response } = error as RequestError;
  return {
    status,
    data: response?.data as { message: string; errors?: unknown[]; status?: string },
  };
};

const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

/** A repository with a first commit made through the contents API. */
const repositoryWithFile = async (login: string, name: string, isPrivate = true) => {
  const { token, octokit } = await userWithToken(server, login);
  await octokit.rest.repos.createForAuthenticatedUser({ name, private: isPrivate });
  const { data } = await octokit.rest.repos.createOrUpdateFileContents({
    owner: login,
    repo: name,
    path: 'index.html',
    message: 'First page',
    content: base64('<h1>Hello</h1>\n'),
  });
  return { token, octokit, first: data.commit.sha! };
};

describe('users and OAuth', () => {
  it('GET /user answers the token’s user, and 401 Bad credentials for an unknown token', async () => {
    const { user, octokit } = await userWithToken(server, 'octo-user');
    const { data } = await octokit.rest.users.getAuthenticated();
    expect(data).toMatchObject({ login: 'octo-user', id: user.id, name: 'octo-user name' });
    const bad = await failure(octokitFor(server, 'gho_unknown').rest.users.getAuthenticated());
    expect(bad.status).toBe(401);
    expect(bad.data).toMatchObject({ message: 'Bad credentials', status: '401' });
    expect(bad.data).toHaveProperty('documentation_url');
  });

  it('authorize page → code → token; the code is single use (bad_verification_code)', async () => {
    await server.control.createUser({ login: 'oauth-buyer' });
    const query = new URLSearchParams({
      client_id: TEST_OAUTH_APP.clientId,
      redirect_uri: TEST_OAUTH_APP.callbackUrl,
      state: 'signed-state-1',
      scope: 'repo',
    });
    const page = await fetch(`${server.endpoint}/login/oauth/authorize?${query.toString()}`);
    expect(page.status).toBe(200);
    const consentPage = await page.text();
    expect(consentPage).toContain('Authorize');
    // It asks who is acting, as GitHub asks whoever is at the browser: no account is filled in.
    expect(consentPage).toMatch(/<input\s+id="login"\s+name="login"\s+value=""/);
    const nobody = await fetch(`${server.endpoint}/login/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(query), login: '' }),
      redirect: 'manual',
    });
    expect(nobody.status).toBe(200);
    expect(await nobody.text()).toContain('Enter the local GitHub user to continue as.');
    const consent = await fetch(`${server.endpoint}/login/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(query), login: 'oauth-buyer' }),
      redirect: 'manual',
    });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(TEST_OAUTH_APP.callbackUrl);
    expect(back.searchParams.get('state')).toBe('signed-state-1');
    const code = back.searchParams.get('code')!;

    const exchange = () =>
      octokitFor(server).request('POST /login/oauth/access_token', {
        client_id: TEST_OAUTH_APP.clientId,
        client_secret: TEST_OAUTH_APP.clientSecret,
        code,
        headers: { accept: 'application/json' },
      });
    const { data } = (await exchange()) as { data: Record<string, string> };
    expect(data).toMatchObject({ token_type: 'bearer', scope: 'repo' });
    expect(data.access_token).toMatch(/^gho_[A-Za-z0-9]{36}$/);
    const me = await octokitFor(server, data.access_token).rest.users.getAuthenticated();
    expect(me.data.login).toBe('oauth-buyer');

    const again = (await exchange()) as { status: number; data: Record<string, string> };
    expect(again.status).toBe(200);
    expect(again.data).toEqual({
      error: 'bad_verification_code',
      error_description: 'The code passed is incorrect or expired.',
      error_uri: expect.stringContaining('bad-verification-code') as string,
    });
  });
});

describe('GitHub App', () => {
  it('installation page → setup URL; installation token through @octokit/auth-app', async () => {
    const { octokit } = await userWithToken(server, 'app-seller');
    await octokit.rest.repos.createForAuthenticatedUser({ name: 'seller-template', private: true });
    const page = await fetch(
      `${server.endpoint}/apps/${TEST_APP.slug}/installations/new?state=user-7`,
    );
    expect(await page.text()).toContain('Install');
    const install = await fetch(`${server.endpoint}/apps/${TEST_APP.slug}/installations/new`, {
      method: 'POST',
      body: new URLSearchParams({ state: 'user-7', login: 'app-seller' }),
      redirect: 'manual',
    });
    expect(install.status).toBe(302);
    const setup = new URL(install.headers.get('location')!);
    expect(`${setup.origin}${setup.pathname}`).toBe(TEST_APP.setupUrl);
    expect(setup.searchParams.get('setup_action')).toBe('install');
    expect(setup.searchParams.get('state')).toBe('user-7');
    const installationId = Number(setup.searchParams.get('installation_id'));

    const app = installationOctokit(server, installationId);
    const { data: repos } = await app.rest.apps.listReposAccessibleToInstallation();
    expect(repos.repositories.map((repo) => repo.full_name)).toEqual([
      'app-seller/seller-template',
    ]);
    const { data: repo } = await app.rest.repos.get({
      owner: 'app-seller',
      repo: 'seller-template',
    });
    expect(repo.private).toBe(true);
    // A private repository of another account is invisible to the installation.
    const { octokit: other } = await userWithToken(server, 'someone-else');
    await other.rest.repos.createForAuthenticatedUser({ name: 'secret', private: true });
    expect(
      (await failure(app.rest.repos.get({ owner: 'someone-else', repo: 'secret' }))).status,
    ).toBe(404);
  });

  it('refuses an app JWT signed with another key, and an unknown installation', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const installationId = await server.control.installApp('app-seller');
    const { Octokit } = await import('@octokit/rest');
    const { createAppAuth } = await import('@octokit/auth-app');
    const forged = new Octokit({
      baseUrl: server.endpoint,
      authStrategy: createAppAuth,
      auth: { appId: TEST_APP.id, privateKey, installationId },
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    });
    expect(
      (await failure(forged.rest.repos.get({ owner: 'app-seller', repo: 'seller-template' })))
        .status,
    ).toBe(401);
    const unknown = installationOctokit(server, 999_999_999);
    expect(
      (await failure(unknown.rest.repos.get({ owner: 'app-seller', repo: 'seller-template' })))
        .status,
    ).toBe(404);
  });
});

describe('repositories and the Git Database API', () => {
  it('creates a repository; a duplicate name is GitHub’s 422; a private one is 404 to others', async () => {
    const { octokit } = await userWithToken(server, 'creator');
    const { data, status } = await octokit.rest.repos.createForAuthenticatedUser({
      name: 'my-app',
      private: true,
      description: 'A template copy',
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      full_name: 'creator/my-app',
      private: true,
      default_branch: 'main',
    });
    const duplicate = await failure(
      octokit.rest.repos.createForAuthenticatedUser({ name: 'my-app' }),
    );
    expect(duplicate.status).toBe(422);
    expect(duplicate.data).toMatchObject({
      message: 'Repository creation failed.',
      errors: [
        {
          resource: 'Repository',
          code: 'custom',
          field: 'name',
          message: 'name already exists on this account',
        },
      ],
    });
    const { octokit: stranger } = await userWithToken(server, 'stranger');
    expect(
      (await failure(stranger.rest.repos.get({ owner: 'creator', repo: 'my-app' }))).data.message,
    ).toBe('Not Found');
  });

  it('answers 409 Git Repository is empty. on an empty repository, and takes a first file through contents', async () => {
    const { octokit } = await userWithToken(server, 'empty-owner');
    await octokit.rest.repos.createForAuthenticatedUser({ name: 'blank', private: true });
    const empty = await failure(
      octokit.rest.git.createTree({
        owner: 'empty-owner',
        repo: 'blank',
        tree: [{ path: 'a.txt', mode: '100644', type: 'blob', content: 'a' }],
      }),
    );
    expect(empty.status).toBe(409);
    expect(empty.data.message).toBe('Git Repository is empty.');
    expect(
      (
        await failure(
          octokit.rest.git.getRef({ owner: 'empty-owner', repo: 'blank', ref: 'heads/main' }),
        )
      ).status,
    ).toBe(409);

    const { data, status } = await octokit.rest.repos.createOrUpdateFileContents({
      owner: 'empty-owner',
      repo: 'blank',
      path: 'docs/README.md',
      message: 'Add README',
      content: base64('# Blank\n'),
    });
    expect(status).toBe(201);
    expect(data.content).toMatchObject({ path: 'docs/README.md', name: 'README.md' });
    const { data: ref } = await octokit.rest.git.getRef({
      owner: 'empty-owner',
      repo: 'blank',
      ref: 'heads/main',
    });
    expect(ref.object.sha).toBe(data.commit.sha);
    const { files } = await server.control.readFiles('empty-owner', 'blank');
    expect(files.get('docs/README.md')?.toString()).toBe('# Blank\n');
  });

  it('blobs, a nested tree on base_tree, a commit and a ref update make a commit with a binary file; git clone sees it', async () => {
    const { token, octokit, first } = await repositoryWithFile('builder', 'site');
    const repo = { owner: 'builder', repo: 'site' };
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x80]);
    const { data: image } = await octokit.rest.git.createBlob({
      ...repo,
      content: binary.toString('base64'),
      encoding: 'base64',
    });
    const { data: script } = await octokit.rest.git.createBlob({
      ...repo,
      content: '#!/bin/sh\necho hi\n',
      encoding: 'utf-8',
    });
    const { data: parent } = await octokit.rest.git.getCommit({ ...repo, commit_sha: first });
    const { data: tree } = await octokit.rest.git.createTree({
      ...repo,
      base_tree: parent.tree.sha,
      tree: [
        { path: 'assets/img/logo.png', mode: '100644', type: 'blob', sha: image.sha },
        { path: 'bin/run.sh', mode: '100755', type: 'blob', sha: script.sha },
        { path: 'src/app.js', mode: '100644', type: 'blob', content: 'console.log(1);\n' },
      ],
    });
    expect(tree.tree.map((entry) => `${entry.mode} ${entry.type} ${entry.path}`)).toEqual([
      '040000 tree assets',
      '040000 tree bin',
      '100644 blob index.html',
      '040000 tree src',
    ]);
    const { data: commit } = await octokit.rest.git.createCommit({
      ...repo,
      message: 'Add assets',
      tree: tree.sha,
      parents: [first],
      author: { name: 'Deployer', email: 'deploy@example.com', date: '2026-01-02T03:04:05Z' },
    });
    expect(commit).toMatchObject({
      message: 'Add assets',
      author: { name: 'Deployer', date: '2026-01-02T03:04:05Z' },
    });
    // Not a fast forward without force.
    const { data: orphan } = await octokit.rest.git.createCommit({
      ...repo,
      message: 'Orphan',
      tree: tree.sha,
      parents: [],
    });
    await octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: commit.sha });
    const notFastForward = await failure(
      octokit.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: orphan.sha }),
    );
    expect(notFastForward).toMatchObject({
      status: 422,
      data: { message: 'Update is not a fast forward' },
    });

    const { data: recursive } = await octokit.rest.git.getTree({
      ...repo,
      tree_sha: commit.sha,
      recursive: '1',
    });
    expect(
      recursive.tree
        .filter((entry) => entry.type === 'blob')
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(['assets/img/logo.png', 'bin/run.sh', 'index.html', 'src/app.js']);

    const clone = join(work, 'site-clone');
    await gitCli(work, [
      'clone',
      '--quiet',
      authenticatedCloneUrl(server, token, 'builder/site'),
      clone,
    ]);
    expect((await gitCli(clone, ['rev-parse', 'HEAD'])).trim()).toBe(commit.sha);
    expect(await readFile(join(clone, 'assets/img/logo.png'))).toEqual(binary);
    expect((await gitCli(clone, ['ls-files', '-s', 'bin/run.sh'])).startsWith('100755')).toBe(true);
    // Without a token a private repository does not clone.
    await expect(
      gitCli(work, ['clone', '--quiet', `${server.gitUrl}/builder/site.git`, join(work, 'anon')]),
    ).rejects.toThrow();
  });
});

describe('deploy keys', () => {
  it('read exactly the repository they were added to, never push, and a duplicate is 422', async () => {
    const { token, octokit } = await repositoryWithFile('keyholder', 'site');
    await octokit.rest.repos.createForAuthenticatedUser({ name: 'other', private: true });
    const key = generateDeployKey();
    const added = await octokit.rest.repos.createDeployKey({
      owner: 'keyholder',
      repo: 'site',
      title: 'Netlify',
      key: key.publicKey,
      read_only: true,
    });
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({ key: key.publicKey, read_only: true, title: 'Netlify' });
    const duplicate = await octokit.rest.repos
      .createDeployKey({ owner: 'keyholder', repo: 'site', key: key.publicKey })
      .catch((error: RequestError) => error);
    expect((duplicate as RequestError).status).toBe(422);

    const withKey = (fullName: string) => [
      '-c',
      `http.extraHeader=Authorization: ${deployKeyAuthorization(key.privateKey, fullName)}`,
    ];
    const clone = join(work, 'deploy-key-clone');
    await gitCli(work, [
      ...withKey('keyholder/site'),
      'clone',
      '--quiet',
      `${server.gitUrl}/keyholder/site.git`,
      clone,
    ]);
    expect(await readFile(join(clone, 'index.html'), 'utf8')).toContain('<h1>');
    // Another repository of the same owner: refused.
    await expect(
      gitCli(work, [
        ...withKey('keyholder/other'),
        'clone',
        '--quiet',
        `${server.gitUrl}/keyholder/other.git`,
        join(work, 'deploy-key-other'),
      ]),
    ).rejects.toThrow();
    // Push with the key: refused.
    await writeFile(join(clone, 'pushed.txt'), 'no');
    await gitCli(clone, ['add', '.']);
    await gitCli(clone, ['commit', '--quiet', '-m', 'Try to push']);
    await expect(gitCli(clone, [...withKey('keyholder/site'), 'push', '--quiet'])).rejects.toThrow(
      /403|denied/,
    );
    // A key removed from the repository no longer reads it.
    await octokit.rest.repos.deleteDeployKey({
      owner: 'keyholder',
      repo: 'site',
      key_id: added.data.id,
    });
    await expect(
      gitCli(work, [
        ...withKey('keyholder/site'),
        'clone',
        '--quiet',
        `${server.gitUrl}/keyholder/site.git`,
        join(work, 'deploy-key-removed'),
      ]),
    ).rejects.toThrow();
    expect(token).toBeTruthy();
  });
});

describe('push webhooks', () => {
  it('git push delivers a signed push event with before/after; a redelivery keeps the delivery id', async () => {
    const receiver = await startWebhookReceiver();
    stops.push(receiver.stop);
    const { token, octokit, first } = await repositoryWithFile('pusher', 'linked');
    const installationId = await server.control.installApp('pusher');
    const secret = 'webhook-secret-1';
    await octokit.rest.repos.createWebhook({
      owner: 'pusher',
      repo: 'linked',
      config: { url: receiver.url, content_type: 'json', secret },
      events: ['push'],
    });
    const clone = join(work, 'linked');
    await gitCli(work, [
      'clone',
      '--quiet',
      authenticatedCloneUrl(server, token, 'pusher/linked'),
      clone,
    ]);
    await writeFile(join(clone, 'index.html'), '<h1>Hello again</h1>\n');
    await writeFile(join(clone, 'new.txt'), 'new\n');
    await gitCli(clone, ['add', '-A']);
    await gitCli(clone, ['commit', '--quiet', '-m', 'Second version\n\nWith a body.']);
    const after = (await gitCli(clone, ['rev-parse', 'HEAD'])).trim();
    await gitCli(clone, ['push', '--quiet', 'origin', 'main']);
    expect(await server.control.waitForDeliveries()).toBe(true);

    const pushes = receiver.deliveries.filter(
      (delivery) => delivery.headers['x-github-event'] === 'push',
    );
    expect(receiver.deliveries.map((delivery) => delivery.headers['x-github-event'])).toEqual([
      'ping',
      'push',
    ]);
    const [push] = pushes;
    const expected = `sha256=${createHmac('sha256', secret).update(push!.body).digest('hex')}`;
    const signature = String(push!.headers['x-hub-signature-256']);
    expect(timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true);
    expect(push!.headers['x-github-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    const payload = JSON.parse(push!.body) as Record<string, unknown> & {
      commits: { id: string; message: string; added: string[]; modified: string[] }[];
    };
    expect(payload).toMatchObject({
      ref: 'refs/heads/main',
      before: first,
      after,
      repository: { full_name: 'pusher/linked', private: true, default_branch: 'main' },
      pusher: { name: 'pusher' },
      sender: { login: 'pusher' },
      installation: { id: installationId },
      head_commit: { id: after },
    });
    expect(payload.commits).toEqual([
      expect.objectContaining({
        id: after,
        message: 'Second version\n\nWith a body.',
        added: ['new.txt'],
        modified: ['index.html'],
      }),
    ]);

    const [delivery] = await server.control.deliveries({ repo: 'pusher/linked', event: 'push' });
    expect(delivery).toMatchObject({ status_code: 200, guid: push!.headers['x-github-delivery'] });
    const again = await server.control.redeliver(delivery!.id);
    expect(again).toMatchObject({ redelivery: true, guid: delivery!.guid });
    await server.control.waitForDeliveries();
    const last = receiver.deliveries.at(-1)!;
    expect(last.headers['x-github-delivery']).toBe(push!.headers['x-github-delivery']);
    expect(last.body).toBe(push!.body);
  });

  it('a ref update through the API is a push too; another branch carries its own ref', async () => {
    const receiver = await startWebhookReceiver();
    stops.push(receiver.stop);
    const { octokit, first } = await repositoryWithFile('api-pusher', 'repo');
    const repo = { owner: 'api-pusher', repo: 'repo' };
    await octokit.rest.repos.createWebhook({
      ...repo,
      config: { url: receiver.url, content_type: 'json', secret: 's' },
    });
    const { data: parent } = await octokit.rest.git.getCommit({ ...repo, commit_sha: first });
    const { data: tree } = await octokit.rest.git.createTree({
      ...repo,
      base_tree: parent.tree.sha,
      tree: [{ path: 'index.html', mode: '100644', type: 'blob', sha: null }],
    });
    const { data: commit } = await octokit.rest.git.createCommit({
      ...repo,
      message: 'Remove the page',
      tree: tree.sha,
      parents: [first],
    });
    await octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/feature', sha: commit.sha });
    await server.control.waitForDeliveries();
    const push = receiver.deliveries.find(
      (delivery) => delivery.headers['x-github-event'] === 'push',
    )!;
    const payload = JSON.parse(push.body) as {
      ref: string;
      before: string;
      after: string;
      created: boolean;
      commits: { removed: string[] }[];
    };
    expect(payload).toMatchObject({ ref: 'refs/heads/feature', after: commit.sha, created: true });
    expect(payload.before).toMatch(/^0{40}$/);
    expect(payload.commits.map((entry) => entry.removed)).toEqual([['index.html']]);
  });
});

describe('hooks', () => {
  it('signs form deliveries as sent (GitHub’s default content type); a deleted hook gets nothing', async () => {
    const receiver = await startWebhookReceiver();
    stops.push(receiver.stop);
    const { octokit } = await repositoryWithFile('former', 'forms');
    const repo = { owner: 'former', repo: 'forms' };
    const { data: hook } = await octokit.rest.repos.createWebhook({
      ...repo,
      config: { url: receiver.url, secret: 'form-secret' },
    });
    expect(hook.config).toMatchObject({ content_type: 'form', secret: '********' });
    await server.control.waitForDeliveries();
    const [ping] = receiver.deliveries;
    expect(ping!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(ping!.headers['x-hub-signature-256']).toBe(
      `sha256=${createHmac('sha256', 'form-secret').update(ping!.body).digest('hex')}`,
    );
    expect(JSON.parse(new URLSearchParams(ping!.body).get('payload')!)).toMatchObject({
      hook_id: hook.id,
    });

    expect((await octokit.rest.repos.deleteWebhook({ ...repo, hook_id: hook.id })).status).toBe(
      204,
    );
    expect((await octokit.rest.repos.listWebhooks(repo)).data).toEqual([]);
    await octokit.rest.repos.createOrUpdateFileContents({
      ...repo,
      path: 'b.txt',
      message: 'B',
      content: base64('b'),
    });
    await server.control.waitForDeliveries();
    expect(receiver.deliveries).toHaveLength(1);
  });
});

describe('commits, compare, zipball, pull requests', () => {
  it('lists commits and compares two of them; the zipball has GitHub’s single top folder', async () => {
    const { octokit, first } = await repositoryWithFile('historian', 'log');
    const repo = { owner: 'historian', repo: 'log' };
    const { data: second } = await octokit.rest.repos.createOrUpdateFileContents({
      ...repo,
      path: 'CHANGELOG.md',
      message: 'Add a changelog',
      content: base64('- one\n'),
    });
    const { data: commits } = await octokit.rest.repos.listCommits({
      ...repo,
      sha: 'main',
      per_page: 10,
    });
    expect(commits.map((commit) => commit.commit.message)).toEqual([
      'Add a changelog',
      'First page',
    ]);
    const { data: compare } = await octokit.rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: `${first}...main`,
    });
    expect(compare).toMatchObject({ status: 'ahead', ahead_by: 1, behind_by: 0, total_commits: 1 });
    expect(compare.commits.map((commit) => commit.sha)).toEqual([second.commit.sha]);
    expect(compare.files?.map((file) => [file.filename, file.status])).toEqual([
      ['CHANGELOG.md', 'added'],
    ]);

    const { data, url } = await octokit.rest.repos.downloadZipballArchive({ ...repo, ref: 'main' });
    expect(url).toContain('/_codeload/');
    const entries = Object.keys(unzipSync(new Uint8Array(data as ArrayBuffer)));
    const folder = `historian-log-${second.commit.sha!.slice(0, 7)}/`;
    expect(entries.every((entry) => entry.startsWith(folder))).toBe(true);
    expect(entries).toEqual(
      expect.arrayContaining([`${folder}index.html`, `${folder}CHANGELOG.md`]),
    );
  });

  it('opens a pull request with its files; 422 when the head has no commits over the base', async () => {
    const { octokit, first } = await repositoryWithFile('upgrader', 'deployed');
    const repo = { owner: 'upgrader', repo: 'deployed' };
    await octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/empty-upgrade', sha: first });
    const none = await failure(
      octokit.rest.pulls.create({ ...repo, title: 'Nothing', head: 'empty-upgrade', base: 'main' }),
    );
    expect(none.status).toBe(422);
    expect(none.data.errors).toEqual([
      expect.objectContaining({ message: 'No commits between main and empty-upgrade' }),
    ]);

    await octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/upgrade-1.1.0', sha: first });
    await octokit.rest.repos.createOrUpdateFileContents({
      ...repo,
      branch: 'upgrade-1.1.0',
      path: 'index.html',
      message: 'Version 1.1.0',
      content: base64('<h1>Hello</h1>\n<p>New</p>\n'),
      sha: (await octokit.rest.git.getTree({ ...repo, tree_sha: first })).data.tree[0]!.sha,
    });
    const { data: pull, status } = await octokit.rest.pulls.create({
      ...repo,
      title: 'Upgrade to 1.1.0',
      head: 'upgrade-1.1.0',
      base: 'main',
      body: '## 1.1.0\n- New paragraph',
    });
    expect(status).toBe(201);
    expect(pull).toMatchObject({
      number: 1,
      state: 'open',
      commits: 1,
      changed_files: 1,
      head: { ref: 'upgrade-1.1.0' },
    });
    const { data: files } = await octokit.rest.pulls.listFiles({
      ...repo,
      pull_number: pull.number,
    });
    expect(
      files.map(({ filename, status: change, additions, deletions, changes }) => ({
        filename,
        change,
        additions,
        deletions,
        changes,
      })),
    ).toEqual([
      { filename: 'index.html', change: 'modified', additions: 1, deletions: 0, changes: 1 },
    ]);
    expect((await octokit.rest.pulls.get({ ...repo, pull_number: 1 })).data.title).toBe(
      'Upgrade to 1.1.0',
    );
    expect(
      (await octokit.rest.pulls.list({ ...repo, state: 'open' })).data.map((entry) => entry.number),
    ).toEqual([1]);
  });
});

describe('access, state and reset', () => {
  it('refuses a push by someone else (403) and a wrong token (401)', async () => {
    const { token } = await repositoryWithFile('guarded', 'public-repo', false);
    const { token: otherToken } = await userWithToken(server, 'intruder');
    const clone = join(work, 'guarded');
    // A public repository clones without a token.
    await gitCli(work, ['clone', '--quiet', `${server.gitUrl}/guarded/public-repo.git`, clone]);
    await writeFile(join(clone, 'x.txt'), 'x\n');
    await gitCli(clone, ['add', 'x.txt']);
    await gitCli(clone, ['commit', '--quiet', '-m', 'Intrusion']);
    const push = (as: string) =>
      gitCli(clone, [
        'push',
        authenticatedCloneUrl(server, as, 'guarded/public-repo'),
        'main',
      ]).then(
        () => 'pushed',
        (error: { stderr?: string }) => error.stderr ?? '',
      );
    expect(await push(otherToken)).toContain('403');
    expect(await push('gho_wrong')).toMatch(/Authentication failed|401/);
    expect(await push(token)).toBe('pushed');
  });

  it('keeps users, tokens, repositories and installations across a restart with a data dir; reset empties it', async () => {
    const { startLocalGithub, localAppKeyPair } =
      await import('../../../lib/local/servers/github/index');
    const dataDir = join(work, 'persisted');
    const start = () => {
      // Read again after the restart: the same key file gives the same key.
      const keys = localAppKeyPair(join(dataDir, 'app-key.pem'));
      return {
        keys,
        started: startLocalGithub({
          port: 0,
          dataDir,
          app: { ...TEST_APP, publicKey: keys.publicKey },
        }),
      };
    };
    const { started } = start();
    const first = await started;
    await first.control.createUser({ login: 'keeper' });
    const token = await first.control.createToken('keeper');
    await octokitFor(first, token).rest.repos.createForAuthenticatedUser({
      name: 'kept',
      auto_init: true,
    });
    const installationId = await first.control.installApp('keeper');
    await first.stop();
    const again = start();
    const second = await again.started;
    try {
      const octokit = octokitFor(second, token);
      const { data } = await octokit.rest.repos.listCommits({ owner: 'keeper', repo: 'kept' });
      expect(data.map((commit) => commit.commit.message)).toEqual(['Initial commit']);
      const { Octokit } = await import('@octokit/rest');
      const { createAppAuth } = await import('@octokit/auth-app');
      const app = new Octokit({
        baseUrl: second.endpoint,
        authStrategy: createAppAuth,
        auth: { appId: TEST_APP.id, privateKey: again.keys.privateKey, installationId },
      });
      expect((await app.rest.repos.get({ owner: 'keeper', repo: 'kept' })).data.full_name).toBe(
        'keeper/kept',
      );
      await second.control.reset();
      expect((await failure(octokit.rest.users.getAuthenticated())).status).toBe(401);
      expect(
        (await failure(octokitFor(second).rest.repos.get({ owner: 'keeper', repo: 'kept' })))
          .status,
      ).toBe(404);
    } finally {
      await second.stop();
    }
  });
});
