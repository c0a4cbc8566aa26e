/**
 * The local Netlify server (lib/local/servers/netlify) through the official client `@netlify/api`, as the
 * product uses it: the OAuth code flow (consent page, single-use code, Doorkeeper's errors), the
 * current user and 401 on a bad token, a site created from a git repository whose deploy moves
 * `new` → `enqueued` → `building` → `ready` and is then served at `/sites/<name>/`, rebuilds,
 * duplicate and malformed names (422), failed builds (`error` with a message), path traversal
 * (404), the object shapes against the OpenAPI description the client is generated from, another
 * account's sites (404), deletion, and state kept across a restart.
 */
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NetlifyAPI } from '@netlify/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGitRepository,
  localNetlifyClient,
  rawGet,
  startTestNetlify,
  type TestRepository,
} from '../../fixtures/netlify';
import { readBuildConfig } from '../../../lib/local/servers/netlify/toml';

type Server = Awaited<ReturnType<typeof startTestNetlify>>;

const REDIRECT_URI = 'http://localhost:3000/buyer-netlify-callback';
/** Copies `src/` to `public/` and says in the log which environment it saw. */
const BUILD_SCRIPT = [
  "import { cpSync } from 'node:fs';",
  "cpSync('src', 'public', { recursive: true });",
  "console.log('built with NETLIFY=' + process.env.NETLIFY + ' secret=' + (process.env.LOCAL_NETLIFY_TEST_SECRET ?? 'none'));",
  '',
].join('\n');

const INDEX_HTML =
  '<!doctype html><title>Demo</title><link rel="stylesheet" href="style.css"><h1>Hello from the template</h1>';

let server: Server;
let netlify: NetlifyAPI;
let token: string;
let accountId: string;
let repository: TestRepository;
const cleanup: (() => void)[] = [];

beforeAll(async () => {
  // A variable of this process a template's build must never see.
  process.env.LOCAL_NETLIFY_TEST_SECRET = 'sk_test_must_not_leak';
  cleanup.push(() => delete process.env.LOCAL_NETLIFY_TEST_SECRET);
  server = await startTestNetlify();
  ({
    token,
    account: { id: accountId },
  } = await server.control.createAccount({ email: 'buyer@example.com', full_name: 'Buyer One' }));
  netlify = localNetlifyClient(server, token);
  repository = createGitRepository({
    'netlify.toml':
      '[build]\n  command = "node build.mjs"\n  publish = "public" # the built files\n\n[[redirects]]\n  from = "/*"\n  publish = "wrong"\n',
    // A build that needs no dependency: the published folder exists only once it ran.
    'build.mjs': BUILD_SCRIPT,
    'package.json':
      '{ "name": "demo-site", "private": true, "scripts": { "build": "node build.mjs" } }\n',
    'README.md': '# Demo site\n',
    'src/index.html': INDEX_HTML,
    'src/style.css': 'h1 { color: teal; }',
    'src/about.html': '<h1>About</h1>',
    'src/docs/index.html': '<h1>Docs</h1>',
    'src/404.html': '<h1>Custom not found</h1>',
    'src/data.json': '{"ok":true}',
    'secret.txt': 'outside the publish directory',
  });
  cleanup.push(() => repository.remove());
});

afterAll(async () => {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
  for (const step of cleanup) step();
});

/** The client's error for a failed call: its HTTP status and JSON body. */
const failure = async (call: Promise<unknown>) => {
  const error = (await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (caught: unknown) => caught,
  )) as { status: number; json?: unknown };
  return { status: error.status, json: error.json };
};

const createSite = (name: string, repoUrl: string, extra: Record<string, unknown> = {}) =>
  netlify.createSite({
    body: {
      name,
      repo: {
        provider: 'github',
        repo_path: 'buyer/demo-site',
        repo_url: repoUrl,
        repo_branch: 'main',
        public_repo: false,
        installation_id: 4242,
        cmd: 'node build.mjs',
        dir: 'dist',
        ...extra,
      },
    },
  });

/** Polls getDeploy every 5 ms until the deploy is ready or failed; resolves it and the states seen. */
const pollDeploy = async (deployId: string, client: NetlifyAPI = netlify) => {
  const seen: string[] = [];
  const until = Date.now() + 10_000;
  for (;;) {
    const deploy = await client.getDeploy({ deploy_id: deployId });
    if (seen.at(-1) !== deploy.state) seen.push(deploy.state!);
    if (deploy.state === 'ready' || deploy.state === 'error') return { deploy, seen };
    if (Date.now() > until) throw new Error(`deploy stuck in ${deploy.state}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** A site built from `url`, its first deploy finished. */
const builtSite = async (name: string, url: string, extra: Record<string, unknown> = {}) => {
  const site = await createSite(name, url, extra);
  const [first] = await netlify.listSiteDeploys({ site_id: site.id! });
  const { deploy } = await pollDeploy(first!.id!);
  return { site, deploy };
};

describe('OAuth', () => {
  const authorizeQuery = (clientId: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      state: 'signed-state-1',
      ...extra,
    });

  /** What the consent page's form posts: Authorize (or Deny) as the given account. */
  const decide = (clientId: string, decision: 'allow' | 'deny', account = accountId) =>
    fetch(`${server.endpoint}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...Object.fromEntries(authorizeQuery(clientId)),
        account_id: account,
        decision,
      }),
    });

  const exchange = (params: Record<string, string>) =>
    fetch(server.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', ...params }),
    });

  it('renders a consent page, redirects with a code, and exchanges it once for a working token', async () => {
    const client = await server.control.registerClient({
      name: 'MVP Marketplace',
      redirect_uris: [REDIRECT_URI],
    });
    const consent = await fetch(`${server.authorizeUrl}?${authorizeQuery(client.client_id)}`);
    expect(consent.status).toBe(200);
    const html = await consent.text();
    expect(html).toContain('Authorize MVP Marketplace');
    expect(html).toContain(`value="${accountId}"`);
    expect(html).toContain('Buyer One (buyer@example.com)');

    const allowed = await decide(client.client_id, 'allow');
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('signed-state-1');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[\w-]{40,}$/);

    const credentials = {
      code,
      client_id: client.client_id,
      client_secret: client.client_secret,
      redirect_uri: REDIRECT_URI,
    };
    const exchanged = await exchange(credentials);
    expect(exchanged.status).toBe(200);
    const body = (await exchanged.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      scope: 'public',
      created_at: expect.any(Number),
    });
    const user = await localNetlifyClient(server, body.access_token as string).getCurrentUser();
    expect(user).toMatchObject({
      id: accountId,
      email: 'buyer@example.com',
      full_name: 'Buyer One',
    });

    const reused = await exchange(credentials);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: expect.stringContaining('The provided authorization grant is invalid'),
    });
  });

  it("refuses a wrong secret (401 invalid_client), another redirect URI or client's code, and Deny", async () => {
    const client = await server.control.registerClient({ redirect_uris: [REDIRECT_URI] });
    const other = await server.control.registerClient({ redirect_uris: [REDIRECT_URI] });
    const code = new URL(
      (await decide(client.client_id, 'allow')).headers.get('location')!,
    ).searchParams.get('code')!;
    const wrongSecret = await exchange({
      code,
      client_id: client.client_id,
      client_secret: 'nope',
    });
    expect(wrongSecret.status).toBe(401);
    expect(((await wrongSecret.json()) as { error: string }).error).toBe('invalid_client');
    const attempts: Record<string, string>[] = [
      { client_id: other.client_id, client_secret: other.client_secret },
      {
        client_id: client.client_id,
        client_secret: client.client_secret,
        redirect_uri: 'http://localhost:3000/elsewhere',
      },
    ];
    for (const params of attempts) {
      const refused = await exchange({ code, ...params });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    }
    const grantType = await exchange({ code, grant_type: 'password' });
    expect(((await grantType.json()) as { error: string }).error).toBe('unsupported_grant_type');

    const denied = new URL((await decide(client.client_id, 'deny')).headers.get('location')!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('signed-state-1');
    expect(denied.searchParams.has('code')).toBe(false);

    // An unregistered redirect URI or an unknown client is an error page, never a redirect.
    const elsewhere = await fetch(
      `${server.authorizeUrl}?${authorizeQuery(client.client_id, { redirect_uri: 'https://evil.example/cb' })}`,
      { redirect: 'manual' },
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('match client redirect URI');
    const unknown = await fetch(`${server.authorizeUrl}?${authorizeQuery('no-such-client')}`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(401);
  });
});

describe('the current user', () => {
  it('is the token owner; a bad or missing token is 401 Access Denied', async () => {
    expect(await netlify.getCurrentUser()).toMatchObject({
      id: accountId,
      email: 'buyer@example.com',
    });
    expect(await failure(localNetlifyClient(server, 'not-a-token').getCurrentUser())).toEqual({
      status: 401,
      json: { code: 401, message: 'Access Denied' },
    });
    const anonymous = await fetch(`${server.endpoint}/api/v1/sites`);
    expect(anonymous.status).toBe(401);
  });
});

describe('a site built from a git repository', () => {
  it('deploys new → enqueued → building → ready, publishes netlify.toml’s directory and serves it', async () => {
    await server.control.setStepDelay(150);
    const site = await createSite('buyer-demo', repository.url);
    expect(site).toMatchObject({
      name: 'buyer-demo',
      url: `${server.endpoint}/sites/buyer-demo/`,
      ssl_url: `${server.endpoint}/sites/buyer-demo/`,
      admin_url: `${server.endpoint}/app/sites/buyer-demo`,
      site_id: site.id,
      user_id: accountId,
      published_deploy: null,
      build_settings: {
        provider: 'github',
        repo_path: 'buyer/demo-site',
        repo_url: repository.url,
        repo_branch: 'main',
        cmd: 'node build.mjs',
        dir: 'dist',
        public_repo: false,
        installation_id: 4242,
      },
    });
    const deploys = await netlify.listSiteDeploys({ site_id: site.id! });
    expect(deploys).toHaveLength(1);
    expect(deploys[0]!.state).toBe('new');
    const { deploy, seen } = await pollDeploy(deploys[0]!.id!);
    await server.control.setStepDelay(0);
    expect(seen).toEqual(['new', 'enqueued', 'building', 'ready']);
    expect(deploy).toMatchObject({
      site_id: site.id,
      state: 'ready',
      error_message: null,
      branch: 'main',
      commit_ref: repository.head,
      title: 'Initial commit',
      context: 'production',
      deploy_url: `${server.endpoint}/deploys/${deploy.id}/`,
    });
    const summary = (deploy as { summary: { messages: { title: string; description: string }[] } })
      .summary;
    expect(summary.messages).toEqual([]);
    const { log } = await server.control.deployLog(deploy.id!);
    expect(log.join('\n')).toContain('$ node build.mjs');
    // The build ran in a clean environment: Netlify's variables, none of this process's.
    expect(log.join('\n')).toContain('built with NETLIFY=true secret=none');
    expect(log.join('\n')).toContain("Published directory 'public': 6 files");

    const current = await netlify.getSite({ site_id: site.id! });
    expect(current.published_deploy).toMatchObject({ id: deploy.id, state: 'ready' });
    expect(await netlify.getSite({ site_id: 'buyer-demo' })).toMatchObject({ id: site.id });
    expect((await netlify.listSites()).map((listed) => listed.id)).toContain(site.id);

    const page = await fetch(current.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe(INDEX_HTML);
    const css = await fetch(`${current.url}style.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe('h1 { color: teal; }');
    expect((await fetch(`${current.url}data.json`)).headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
    expect(await (await fetch(`${current.url}about`)).text()).toBe('<h1>About</h1>');
    const docs = await fetch(`${current.url}docs`, { redirect: 'manual' });
    expect(docs.status).toBe(301);
    expect(docs.headers.get('location')).toBe('/sites/buyer-demo/docs/');
    expect(await (await fetch(`${current.url}docs/`)).text()).toBe('<h1>Docs</h1>');
    const bare = await fetch(`${server.endpoint}/sites/buyer-demo`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/sites/buyer-demo/');
    const missing = await fetch(`${current.url}nope.html`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>Custom not found</h1>');
    // Only the publish directory is published.
    expect((await fetch(`${current.url}secret.txt`)).status).toBe(404);
    expect((await fetch(`${current.url}netlify.toml`)).status).toBe(404);
    expect((await fetch(`${current.url}package.json`)).status).toBe(404);
    expect((await fetch(`${current.url}README.md`)).status).toBe(404);
    expect((await fetch(`${current.url}build.mjs`)).status).toBe(404);
    expect((await fetch(`${server.endpoint}/app/sites/buyer-demo`)).status).toBe(200);
  });

  it('builds again on createSiteBuild, publishing the new commit', async () => {
    const { site } = await builtSite('rebuilt', repository.url);
    const sha = repository.commit({ 'src/index.html': '<h1>Version 2</h1>' }, 'Version 2');
    const build = await netlify.createSiteBuild({ site_id: site.id! });
    expect(build).toMatchObject({
      id: expect.any(String),
      deploy_id: expect.any(String),
      done: false,
    });
    const { deploy } = await pollDeploy(build.deploy_id!);
    expect(deploy).toMatchObject({ state: 'ready', commit_ref: sha, title: 'Version 2' });
    const deploys = await netlify.listSiteDeploys({ site_id: site.id! });
    expect(deploys.map((listed) => listed.id)).toEqual([deploy.id, expect.any(String)]);
    expect((await netlify.getSite({ site_id: site.id! })).published_deploy?.id).toBe(deploy.id);
    expect(await (await fetch(`${server.endpoint}/sites/rebuilt/`)).text()).toBe(
      '<h1>Version 2</h1>',
    );
    // The first deploy stays reachable by its permalink.
    const first = deploys[1]!;
    expect(await (await fetch(first.deploy_url!)).text()).toBe(INDEX_HTML);
  });

  it('reads a private repository from `public_repo` (the OpenAPI field), `private` only without it', async () => {
    const publicRepoOf = async (name: string, settings: Record<string, unknown>) => {
      const base = {
        provider: 'github',
        repo_path: 'buyer/demo-site',
        repo_url: repository.url,
        repo_branch: 'main',
      };
      const site = await netlify.createSite({ body: { name, repo: { ...base, ...settings } } });
      return site.build_settings?.public_repo;
    };
    expect(await publicRepoOf('documented-private', { public_repo: false })).toBe(false);
    expect(await publicRepoOf('documented-public', { public_repo: true })).toBe(true);
    expect(await publicRepoOf('both-fields', { public_repo: false, private: true })).toBe(false);
    expect(await publicRepoOf('documented-wins', { public_repo: true, private: true })).toBe(true);
    expect(await publicRepoOf('cli-private', { private: true })).toBe(false);
    expect(await publicRepoOf('neither-field', {})).toBe(true);
  });

  it('refuses a taken or malformed name with 422', async () => {
    await createSite('taken-name', repository.url);
    expect(await failure(createSite('taken-name', repository.url))).toEqual({
      status: 422,
      json: {
        code: 422,
        message: 'Validation failed: subdomain must be unique',
        errors: { subdomain: ['must be unique'] },
      },
    });
    for (const name of ['Upper-Case', 'under_score', '-leading', 'a'.repeat(64)]) {
      const refused = await failure(createSite(name, repository.url));
      expect(refused.status).toBe(422);
      expect(refused.json).toMatchObject({ errors: { subdomain: ['is invalid'] } });
    }
    const unnamed = await netlify.createSite({ body: {} });
    expect(unnamed.name).toMatch(/^[a-z]+-[a-z]+-[0-9a-f]{6}$/);
    expect(unnamed.published_deploy).toBeNull();
    expect(await netlify.listSiteDeploys({ site_id: unnamed.id! })).toEqual([]);
  });

  it('ends in error with a clear message when the clone fails or the publish directory is missing', async () => {
    const missingRepo = await builtSite('no-repo', join(tmpdir(), 'does-not-exist-repo.git'));
    expect(missingRepo.deploy.state).toBe('error');
    expect(missingRepo.deploy.error_message).toMatch(
      /^Failed during stage 'preparing repo': fatal: .*does-not-exist-repo\.git/,
    );
    const wrongBranch = await builtSite('no-branch', repository.url, { repo_branch: 'nope' });
    expect(wrongBranch.deploy.error_message).toMatch(/preparing repo.*nope/);
    // Credentials in a repository URL never reach a message or the log.
    const unreachable = await builtSite('unreachable', 'http://user:hunter2@127.0.0.1:9/x.git');
    expect(unreachable.deploy.error_message).toMatch(/^Failed during stage 'preparing repo': /);
    const { log } = await server.control.deployLog(unreachable.deploy.id!);
    expect(`${unreachable.deploy.error_message}\n${log.join('\n')}`).not.toContain('hunter2');
    expect(log.join('\n')).toContain('http://***@127.0.0.1:9/x.git');
    const scheme = await builtSite('bad-scheme', 'ext::sh -c touch% /tmp/pwned');
    expect(scheme.deploy.error_message).toContain('unsupported repository URL');

    const noPublish = createGitRepository({
      'netlify.toml': "[build]\npublish = 'dist'\n",
      'index.html': '<h1>root</h1>',
    });
    cleanup.push(() => noPublish.remove());
    const missingDir = await builtSite('no-publish', noPublish.url, { cmd: undefined });
    expect(missingDir.deploy).toMatchObject({
      state: 'error',
      error_message: "Deploy did not succeed: Deploy directory 'dist' does not exist",
    });
    expect((await fetch(`${server.endpoint}/sites/no-publish/`)).status).toBe(404);

    // Without netlify.toml the site's `dir` applies; without either, the repository root.
    const plain = createGitRepository({ 'index.html': '<h1>root</h1>' });
    cleanup.push(() => plain.remove());
    const root = await builtSite('plain-root', plain.url, { dir: undefined, cmd: undefined });
    expect(root.deploy.state).toBe('ready');
    expect(await (await fetch(`${server.endpoint}/sites/plain-root/`)).text()).toBe(
      '<h1>root</h1>',
    );
  });
});

describe('the build command', () => {
  /** A package.json and its npm lock file naming one package at one version. */
  const npmProject = (dependency: string, version: string) => ({
    'package.json': JSON.stringify({
      name: 'app',
      version: '1.0.0',
      scripts: { build: 'node build.mjs' },
      dependencies: { [dependency]: version },
    }),
    'package-lock.json': JSON.stringify({
      name: 'app',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'app', version: '1.0.0', dependencies: { [dependency]: version } },
        [`node_modules/${dependency}`]: {
          version,
          resolved: `https://registry.npmjs.org/${dependency}/-/${dependency}-${version}.tgz`,
          integrity:
            'sha512-ontCbCRKJUIoivAdGB34yCaOcPgYXr9AAkV/IwqFfWWTXEPUgLYkSkqBhIk9KK7gGmgjc64B+RdoeIDM13Irnw==',
        },
      },
    }),
    'build.mjs': BUILD_SCRIPT,
    'src/index.html': INDEX_HTML,
    'README.md': '# App\n',
  });

  it('fails, naming the package, when the dependencies are not in the offline cache; never publishes the sources', async () => {
    const repo = createGitRepository(npmProject('next', '15.0.3'));
    cleanup.push(() => repo.remove());
    const { deploy } = await builtSite('needs-network', repo.url, { dir: 'public' });
    expect(deploy).toMatchObject({
      state: 'error',
      error_message: 'Could not install dependencies without network access: next@15.0.3',
    });
    const summary = (
      deploy as { summary: { messages: { type: string; details: string | null }[] } }
    ).summary;
    const error = summary.messages.find((message) => message.type === 'error');
    // The log's end rides on the summary, as Netlify details a failed deploy.
    expect(error?.details).toContain('npm ci --offline');
    expect(error?.details).toContain('ENOTCACHED');
    expect(error?.details?.split('\n').length).toBeLessThanOrEqual(20);
    expect((await fetch(`${server.endpoint}/sites/needs-network/`)).status).toBe(404);
    expect((await fetch(`${server.endpoint}/sites/needs-network/README.md`)).status).toBe(404);
  });

  it('installs from the offline cache when it holds the locked packages, then builds', async () => {
    // This repository's own dependency (in npm's cache since its `npm ci`), at its locked version.
    const { version } = JSON.parse(
      readFileSync(join(process.cwd(), 'node_modules/smol-toml/package.json'), 'utf8'),
    ) as { version: string };
    const lock = JSON.parse(readFileSync(join(process.cwd(), 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { integrity: string }>;
    };
    const files = npmProject('smol-toml', version);
    const lockFile = JSON.parse(files['package-lock.json']) as {
      packages: Record<string, { integrity: string }>;
    };
    lockFile.packages['node_modules/smol-toml']!.integrity =
      lock.packages['node_modules/smol-toml']!.integrity;
    const repo = createGitRepository({
      ...files,
      'package-lock.json': JSON.stringify(lockFile),
      'build.mjs': `import 'smol-toml';\n${BUILD_SCRIPT}`,
    });
    cleanup.push(() => repo.remove());
    const { deploy } = await builtSite('offline-install', repo.url, { dir: 'public' });
    expect(deploy).toMatchObject({ state: 'ready', error_message: null });
    expect(await (await fetch(`${server.endpoint}/sites/offline-install/`)).text()).toBe(
      INDEX_HTML,
    );
  });

  it('fails for a pnpm, yarn or bun lock file when the tool is not installed', async () => {
    const repo = createGitRepository({
      'package.json': JSON.stringify({ name: 'app', dependencies: { next: '15.0.3' } }),
      'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
    });
    cleanup.push(() => repo.remove());
    const { deploy } = await builtSite('pnpm-app', repo.url, {
      cmd: 'pnpm run build',
      dir: '.next',
    });
    expect(deploy.error_message).toBe(
      'Could not install dependencies: pnpm-lock.yaml needs pnpm, which is not installed on the local build image',
    );
  });

  it('fails when the command fails or does not produce the publish folder, runs in the base folder', async () => {
    const repo = createGitRepository({
      'web/build.mjs': BUILD_SCRIPT,
      'web/src/index.html': INDEX_HTML,
      'README.md': '# Monorepo\n',
    });
    cleanup.push(() => repo.remove());
    const wrongDir = await builtSite('wrong-dir', repo.url, { base: 'web', dir: 'dist' });
    expect(wrongDir.deploy.error_message).toBe(
      'Deploy did not succeed: The build did not produce web/dist',
    );
    const failing = await builtSite('failing', repo.url, {
      base: 'web',
      cmd: 'node missing.mjs',
      dir: 'public',
    });
    expect(failing.deploy.error_message).toBe('Build script returned non-zero exit code: 1');
    const based = await builtSite('based', repo.url, { base: 'web', dir: 'public' });
    expect(based.deploy.state).toBe('ready');
    expect(await (await fetch(`${server.endpoint}/sites/based/`)).text()).toBe(INDEX_HTML);
    expect((await fetch(`${server.endpoint}/sites/based/README.md`)).status).toBe(404);
  });

  it('stops a build that runs past the time limit, its children with it', async () => {
    const limited = await startTestNetlify({ buildTimeoutMs: 1000 });
    cleanup.push(() => rmSync(limited.dataDir, { recursive: true, force: true }));
    try {
      const { token: limitedToken } = await limited.control.createAccount({});
      const client = localNetlifyClient(limited, limitedToken);
      const repo = createGitRepository({ 'index.html': '<h1>slow</h1>' });
      cleanup.push(() => repo.remove());
      const started = Date.now();
      const site = await client.createSite({
        body: {
          name: 'slow',
          repo: {
            repo_url: repo.url,
            repo_branch: 'main',
            cmd: 'sh -c "sleep 30" & sleep 30',
            dir: '.',
          },
        },
      });
      const [first] = await client.listSiteDeploys({ site_id: site.id! });
      const { deploy } = await pollDeploy(first!.id!, client);
      expect(deploy.error_message).toBe(
        'Build exceeded maximum allowed runtime: `sh -c "sleep 30" & sleep 30` was stopped after 1 s',
      );
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await limited.stop();
    }
  });
});

describe("GitHub's push hook", () => {
  const hook = (event: string, body: object) =>
    fetch(`${server.endpoint}/hooks/github`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': event },
      body: JSON.stringify(body),
    });

  it('starts a deploy of the sites that build the pushed branch, and only those', async () => {
    const { site } = await builtSite('hooked', repository.url, { repo_path: 'Buyer/Hooked' });
    const push = (ref: string) => ({
      ref,
      repository: { full_name: 'buyer/hooked', default_branch: 'main' },
    });
    expect(await (await hook('ping', { zen: 'Keep it simple.' })).json()).toEqual({ ok: true });
    expect(await await hook('push', push('refs/heads/feature')).then((r) => r.json())).toEqual({
      ok: true,
      deploys: 0,
    });
    expect(await await hook('push', push('refs/tags/v1')).then((r) => r.json())).toEqual({
      ok: true,
      deploys: 0,
    });
    expect((await hook('push', { nothing: true })).status).toBe(400);
    const before = await netlify.listSiteDeploys({ site_id: site.id! });
    expect(await (await hook('push', push('refs/heads/main'))).json()).toEqual({
      ok: true,
      deploys: 1,
    });
    await server.control.waitForBuilds();
    const after = await netlify.listSiteDeploys({ site_id: site.id! });
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.state).toBe('ready');
  });
});

describe('serving', () => {
  let name: string;
  let deployDir: string;

  beforeAll(async () => {
    const outside = mkdtempSync(join(tmpdir(), 'netlify-outside-'));
    writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET');
    cleanup.push(() => rmSync(outside, { recursive: true, force: true }));
    const linked = createGitRepository({
      'index.html': '<h1>links</h1>',
      'leak.txt': { symlink: join(outside, 'secret.txt') },
      up: { symlink: '..' },
    });
    cleanup.push(() => linked.remove());
    const { site, deploy } = await builtSite('linked', linked.url, {
      dir: undefined,
      cmd: undefined,
    });
    name = site.name!;
    deployDir = join(server.dataDir, 'sites', name, deploy.id!);
    // A link planted after the build (builds copy none): serving must not follow it either.
    symlinkSync(outside, join(deployDir, 'planted'));
    expect(lstatSync(join(deployDir, 'planted')).isSymbolicLink()).toBe(true);
    expect(deploy.state).toBe('ready');
  });

  it('answers 404 to every path that would leave the deploy directory', async () => {
    const attempts = [
      '/../../state.json',
      '/..%2F..%2Fstate.json',
      '/%2e%2e/%2e%2e/state.json',
      '/%2E%2E%2F%2E%2E%2Fstate.json',
      '/..%5C..%5Cstate.json',
      '/%2Fetc%2Fpasswd',
      '//etc/passwd',
      '/%00index.html',
      '/%E0%A4%A',
      '/leak.txt',
      '/up/state.json',
      '/planted/secret.txt',
    ];
    for (const attempt of attempts) {
      const answer = await rawGet(server.endpoint, `/sites/${name}${attempt}`);
      expect({ attempt, status: answer.status }).toEqual({ attempt, status: 404 });
      expect(answer.body).not.toContain('TOP SECRET');
      expect(answer.body).not.toContain('"accounts"');
    }
    expect((await rawGet(server.endpoint, `/sites/${name}/index.html`)).body).toBe(
      '<h1>links</h1>',
    );
  });

  it('says in the summary that symbolic links were not published', async () => {
    const [deploy] = await netlify.listSiteDeploys({ site_id: name });
    const messages = (
      deploy as unknown as { summary: { messages: { title: string; details: string }[] } }
    ).summary.messages;
    expect(messages).toContainEqual(
      expect.objectContaining({ title: '2 symbolic links not published', details: 'leak.txt\nup' }),
    );
  });
});

describe('shapes', () => {
  /** The OpenAPI description `@netlify/api` is generated from (its own dependency, as installed). */
  const definitions = (
    createRequire(fileURLToPath(import.meta.resolve('@netlify/api')))('@netlify/open-api') as {
      definitions: Record<string, { properties: Record<string, { type?: string }> }>;
    }
  ).definitions;

  const typeOf = (value: unknown) =>
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'integer'
            : 'number'
          : typeof value;

  /** Every declared field present, of its declared type (or null); undeclared fields only from `extras`. */
  const expectShape = (object: object, definition: string, extras: string[] = []) => {
    const declared = definitions[definition]!.properties;
    const problems: string[] = [];
    for (const [key, schema] of Object.entries(declared)) {
      if (!(key in object)) problems.push(`${key} missing`);
      const actual = typeOf((object as Record<string, unknown>)[key]);
      const expected = schema.type ?? 'object';
      const fits =
        actual === 'null' || actual === expected || (expected === 'number' && actual === 'integer');
      if (key in object && !fits) problems.push(`${key}: ${actual}, declared ${expected}`);
    }
    for (const key of Object.keys(object)) {
      if (!(key in declared) && !extras.includes(key)) problems.push(`${key} not declared`);
    }
    expect(problems).toEqual([]);
  };

  it('match the OpenAPI definitions of site, deploy, build, user and repoInfo', async () => {
    const { site } = await builtSite('shapes', repository.url);
    const full = await netlify.getSite({ site_id: site.id! });
    expectShape(full, 'site', ['site_id']);
    expectShape(full.build_settings!, 'repoInfo', ['base']);
    expectShape(full.published_deploy!, 'deploy', [
      'commit_message',
      'deploy_time',
      'summary',
      'links',
    ]);
    const [deploy] = await netlify.listSiteDeploys({ site_id: site.id! });
    expectShape(deploy!, 'deploy', ['commit_message', 'deploy_time', 'summary', 'links']);
    expectShape(await netlify.createSiteBuild({ site_id: site.id! }), 'build');
    expectShape(await netlify.getCurrentUser(), 'user');
    expect(full.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await server.control.waitForBuilds();
  });

  it('match deployKey, and never show the private half', async () => {
    const key = await netlify.createDeployKey();
    expectShape(key, 'deployKey');
    expect(key.public_key).toMatch(/^ssh-ed25519 /);
    expectShape(await netlify.getDeployKey({ key_id: key.id! }), 'deployKey');
    const listed = await netlify.listDeployKeys();
    expect(listed.map((item) => item.id)).toContain(key.id);
    expect(JSON.stringify(listed)).not.toMatch(/PRIVATE KEY/);
  });
});

describe('accounts, deletion and restarts', () => {
  it("hides another account's sites and deploys (404)", async () => {
    const other = await server.control.createAccount({ email: 'other@example.com' });
    const stranger = localNetlifyClient(server, other.token);
    const [mine] = await netlify.listSites({ name: 'buyer-demo' });
    expect(await stranger.listSites()).toEqual([]);
    expect(await failure(stranger.getSite({ site_id: mine!.id! }))).toEqual({
      status: 404,
      json: { code: 404, message: 'Not Found' },
    });
    expect(
      (await failure(stranger.getDeploy({ deploy_id: mine!.published_deploy!.id! }))).status,
    ).toBe(404);
    expect((await failure(stranger.deleteSite({ site_id: mine!.id! }))).status).toBe(404);
    expect((await failure(stranger.createSiteBuild({ site_id: mine!.id! }))).status).toBe(404);
  });

  it('deletes a site with its deploys and files', async () => {
    const { site, deploy } = await builtSite('short-lived', repository.url);
    await netlify.deleteSite({ site_id: site.id! });
    expect((await failure(netlify.getSite({ site_id: site.id! }))).status).toBe(404);
    expect((await failure(netlify.getDeploy({ deploy_id: deploy.id! }))).status).toBe(404);
    expect((await fetch(`${server.endpoint}/sites/short-lived/`)).status).toBe(404);
  });

  it('keeps tokens, sites and published files across a restart, and forgets them on reset', async () => {
    await server.stop();
    server = await startTestNetlify({ dataDir: server.dataDir });
    const client = localNetlifyClient(server, token);
    const [site] = await client.listSites({ name: 'buyer-demo' });
    expect(site?.published_deploy?.state).toBe('ready');
    expect(await (await fetch(`${server.endpoint}/sites/buyer-demo/`)).text()).toBe(INDEX_HTML);

    await server.control.reset();
    expect((await failure(client.getCurrentUser())).status).toBe(401);
    expect(await server.control.sites()).toEqual([]);
    expect(await server.control.accounts()).toHaveLength(1);
    expect((await fetch(`${server.endpoint}/sites/buyer-demo/`)).status).toBe(404);
  });
});

describe('netlify.toml', () => {
  it('reads [build] base, publish and command, and nothing from other tables', () => {
    expect(
      readBuildConfig(`# site
[build]
  base = "site"
  publish = "dist" # built files
  command = 'npm run "build"'
  functions = "netlify/functions"

[build.environment]
  publish = "not-this"

[[redirects]]
  publish = "nor-this"
`),
    ).toEqual({ base: 'site', publish: 'dist', command: 'npm run "build"' });
    expect(readBuildConfig('build.publish = "out"\n[context.production]\npublish = "x"')).toEqual({
      publish: 'out',
    });
    expect(readBuildConfig('[build]\npublish = "a \\"quoted\\" dir"')).toEqual({
      publish: 'a "quoted" dir',
    });
    expect(readBuildConfig('[build]\npublish = 42\n')).toEqual({});
  });
});
