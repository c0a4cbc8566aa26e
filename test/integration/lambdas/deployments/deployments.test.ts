/**
 * Buyer deploys through the deployments Lambda's handler, against
 * DynamoDB Local, s3rver, the local GitHub server (OAuth app, repositories over the Git Database
 * API, deploy keys, pulls) and the local Netlify server (OAuth, deploy keys, sites built from the
 * repository), with the buyer-deploy state machine run in process as the local stack runs it:
 * GitHub connected through a real consent round trip (state single use and bound to the user),
 * a deploy that spends one download, a private repository with every file of the bundle (binary
 * included), Netlify authorised, the site built and served, MVPs Launched counted once, another
 * buyer refused, an upgrade pull request opened once with the changelog, and no token in any answer.
 */
import { randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { zipSync, strToU8 } from 'fflate';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { businessMetrics } from '../../../../contract/design/metrics';
import { metrics } from '../../../../lambdas/shared/observability';
import { config } from '../../../../lambdas/shared/config';
import {
  DEPLOY_CONTINUE_MESSAGES,
  DEPLOY_MESSAGES,
  type Connections,
  type Deployment,
  type DeploymentList,
} from '../../../../contract/deployments';
import { DOWNLOAD_MESSAGES } from '../../../../contract/downloads';
import { OAUTH_STATE_INVALID_MESSAGE } from '../../../../lambdas/shared/auth/oauth-state';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { notifyUpgradeAvailable } from '../../../../lambdas/deployments/upgrade-notice';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { OAuthTokenEntity } from '../../../../lambdas/shared/db/entities/oauth-token';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import type { HttpMethod } from '../../../../contract/routes';
import { putObject } from '../../../../lambdas/shared/storage/s3';
import { createLocalGithubControl } from '../../../../lib/local/servers/github/control-client';
import { createLocalNetlifyControl } from '../../../../lib/local/servers/netlify/control-client';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import { putProfile, storedEntitlement } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';
import { consentOnGithub as consentAs } from '../../../fixtures/github-consent';

/** Watches the deploy facts counted from here on (Powertools' own output is off in tests). */
const watchDeployFacts = () => {
  const spy = vi.spyOn(metrics, 'addMetric');
  return (name: string) =>
    spy.mock.calls.filter(([metric]) => metric === name).reduce((sum, call) => sum + call[2], 0);
};

afterEach(() => {
  vi.restoreAllMocks();
});

const cloud = inject('localCloud');
const githubControl = createLocalGithubControl(cloud.github.apiUrl);
const netlifyControl = createLocalNetlifyControl(cloud.netlify.apiUrl);
const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const { settled } = useLocalWorkflows();

interface Caller {
  sub: string;
  claims: Record<string, string>;
}

/** Every answer of the file, to check that no token is in any of them. */
const answers: string[] = [];

const call = async <T>(
  method: HttpMethod,
  path: string,
  caller: Caller,
  body?: unknown,
): Promise<{ status: number; body: T }> => {
  const result = await dispatch(
    apiEvent({ method, path, body, claims: caller.claims }),
    lambdaContext('deployments'),
  );
  answers.push(result.body ?? '');
  return {
    status: result.statusCode ?? 0,
    body: result.body ? jsonBody<T>(result) : (undefined as T),
  };
};

const makeUser = async (role: 'buyer' | 'seller', downloads = 5): Promise<Caller> => {
  const sub = `deploy-${role}-${randomUUID()}`;
  await putProfile({
    id: sub,
    email: `${sub}@example.com`,
    role,
    is_seller_approved: role === 'seller',
    downloads_remaining: downloads,
    download_quota: downloads,
  });
  return { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
};

/** A 1×1 PNG: a binary file the commit must carry byte for byte. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);

const bundle = (heading: string, withReadme: boolean) =>
  zipSync({
    'starter/netlify.toml': strToU8('[build]\n  publish = "public"\n'),
    'starter/public/index.html': strToU8(`<!doctype html><h1>${heading}</h1>\n`),
    'starter/public/logo.png': PNG,
    ...(withReadme ? { 'starter/README.md': strToU8('# Starter\n') } : {}),
  });

const storeBundle = async (key: string, heading: string, withReadme = true) =>
  putObject({
    bucket: config().MVP_FILES_BUCKET,
    key,
    body: bundle(heading, withReadme),
    contentType: 'application/zip',
  });

/** GitHub's consent page as the user `login` answers it: the browser goes back with a code. */
const consentOnGithub = (authorizeUrl: string, login: string) =>
  consentAs(cloud.github.apiUrl, authorizeUrl, login);

/** Netlify's consent page as its first account answers it, for `authorizeUrl`: the callback's code and state. */
const consentOnNetlify = async (authorizeUrl: string) => {
  const url = new URL(authorizeUrl);
  const [account] = await netlifyControl.accounts();
  const state = url.searchParams.get('state')!;
  const { code } = await netlifyControl.authorize({
    client_id: url.searchParams.get('client_id')!,
    redirect_uri: url.searchParams.get('redirect_uri')!,
    account_id: account!.id,
    state,
  });
  return { code, state };
};

describe('buyer deploys', () => {
  let seller: Caller;
  let buyer: Caller;
  let other: Caller;
  let login: string;
  let templateId: string;
  let deploymentId: string;

  beforeAll(async () => {
    seller = await makeUser('seller');
    buyer = await makeUser('buyer');
    other = await makeUser('buyer');
    login = `buyer-${randomUUID().slice(0, 8)}`;
    await githubControl.createUser({ login });
    const template = await seedTemplate(seller.sub, { version_number: '1.0.0' });
    templateId = template.id;
    await storeBundle(template.file_key!, 'Hello from the template');
  });

  it('connects GitHub through a single-use state bound to the caller', async () => {
    const started = await call<{ url: string }>(
      'POST',
      '/api/deployments/github/authorize-url',
      buyer,
      { mvp_id: templateId },
    );
    expect(started.status).toBe(200);
    const url = new URL(started.body.url);
    expect(url.searchParams.get('client_id')).toBe(cloud.github.oauthClientId);
    expect(url.searchParams.get('scope')).toBe('repo');
    const callback = await consentOnGithub(started.body.url, login);

    // Another user presenting the buyer's state is refused, and it is not used up.
    const stolen = await call<{ message: string }>(
      'POST',
      '/api/deployments/github/callback',
      other,
      callback,
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(OAUTH_STATE_INVALID_MESSAGE);

    const done = await call<{ github_username: string; mvp_id: string; success: boolean }>(
      'POST',
      '/api/deployments/github/callback',
      buyer,
      callback,
    );
    expect(done).toMatchObject({
      status: 200,
      body: { success: true, github_username: login, mvp_id: templateId },
    });
    // Replayed: refused.
    const replayed = await call('POST', '/api/deployments/github/callback', buyer, callback);
    expect(replayed.status).toBe(400);

    const connections = await call<Connections>('GET', '/api/my/connections', buyer);
    expect(connections.body).toEqual({
      github: { provider: 'github', connected: true, account_login: login },
      netlify: { provider: 'netlify', connected: false, account_login: null },
    });
    const profile = await ProfileEntity.get({ id: buyer.sub }).go();
    expect(profile.data?.github_username).toBe(login);
    // Stored sealed: the row holds no usable token.
    const token = await OAuthTokenEntity.get({ user_id: buyer.sub, provider: 'github' }).go();
    expect(token.data?.token_ciphertext).toMatch(/^v1\.local\./);
  });

  it('refuses to deploy before GitHub is connected, spending nothing', async () => {
    const refused = await call<{ message: string }>('POST', '/api/deployments', other, {
      mvp_id: templateId,
      repo_name: 'nope',
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: DEPLOY_MESSAGES.githubNotConnected },
    });
    expect((await storedEntitlement(other.sub))?.downloads_remaining).toBe(5);
  });

  it('creates a private repository with every file in one commit and spends one download', async () => {
    const started = await call<{ deployment_id: string; status: string }>(
      'POST',
      '/api/deployments',
      buyer,
      { mvp_id: templateId, repo_name: 'My Shop' },
    );
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('initializing');
    deploymentId = started.body.deployment_id;
    await settled();

    const status = await call<Deployment>('GET', `/api/deployments/${deploymentId}`, buyer);
    expect(status.body).toMatchObject({
      status: 'repo_created',
      repo_name: 'my-shop',
      version: '1.0.0',
      error_message: null,
    });
    expect(status.body.github_repo_url).toContain(`/${login}/my-shop`);
    expect((await storedEntitlement(buyer.sub))?.downloads_remaining).toBe(4);

    const octokit = new Octokit({
      baseUrl: cloud.github.apiUrl,
      auth: await githubControl.createToken(login, ['repo']),
      log: silentLog,
    });
    const { data: repo } = await octokit.rest.repos.get({ owner: login, repo: 'my-shop' });
    expect(repo.private).toBe(true);
    const { files } = await githubControl.readFiles(login, 'my-shop', 'main');
    expect([...files.keys()].sort()).toEqual([
      'README.md',
      'netlify.toml',
      'public/index.html',
      'public/logo.png',
    ]);
    expect(files.get('public/logo.png')).toEqual(Buffer.from(PNG));
    // The template's files are one commit on top of GitHub's initial one.
    const { data: commits } = await octokit.rest.repos.listCommits({
      owner: login,
      repo: 'my-shop',
    });
    expect(commits).toHaveLength(2);
  });

  it("answers 404 for another buyer's deployment, and lists only the caller's", async () => {
    const seen = await call('GET', `/api/deployments/${deploymentId}`, other);
    expect(seen.status).toBe(404);
    const netlify = await call(
      'POST',
      `/api/deployments/${deploymentId}/netlify/authorize-url`,
      other,
    );
    expect(netlify.status).toBe(404);
    const upgrade = await call(
      'POST',
      `/api/deployments/${deploymentId}/upgrade-pull-request`,
      other,
    );
    expect(upgrade.status).toBe(404);
    const list = await call<DeploymentList>('GET', '/api/my/deployments', other);
    expect(list.body.items).toEqual([]);
  });

  it('authorises Netlify, builds the site from the repository and counts it launched once', async () => {
    const facts = watchDeployFacts();
    const before = await CounterEntity.get({
      name: 'deployments_completed',
      bucket: 'all',
      shard: 0,
    }).go();
    const started = await call<{ url: string }>(
      'POST',
      `/api/deployments/${deploymentId}/netlify/authorize-url`,
      buyer,
    );
    expect(started.status).toBe(200);
    const done = await call<{ success: boolean; deployment_id: string }>(
      'POST',
      '/api/deployments/netlify/callback',
      buyer,
      await consentOnNetlify(started.body.url),
    );
    expect(done).toMatchObject({
      status: 200,
      body: { success: true, deployment_id: deploymentId },
    });
    await settled();

    const status = await call<Deployment>('GET', `/api/deployments/${deploymentId}`, buyer);
    expect(status.body.status).toBe('completed');
    expect(status.body.netlify_site_url).toMatch(/^http/);
    const page = await fetch(status.body.netlify_site_url!);
    expect(await page.text()).toContain('Hello from the template');

    const after = await CounterEntity.get({
      name: 'deployments_completed',
      bucket: 'all',
      shard: 0,
    }).go();
    expect((after.data?.value ?? 0) - (before.data?.value ?? 0)).toBe(1);
    // The same site step again (a redelivered start) changes nothing and counts nothing.
    const { handler } = await import('../../../../lambdas/deployments/tasks/check-site');
    expect(await handler({ deploymentId })).toMatchObject({ done: true });
    const again = await CounterEntity.get({
      name: 'deployments_completed',
      bucket: 'all',
      shard: 0,
    }).go();
    expect(again.data?.value).toBe(after.data?.value);
    expect(facts(businessMetrics.deploysSucceeded)).toBe(1);
    expect(facts(businessMetrics.deploysFailed)).toBe(0);
  });

  it('rebuilds the site when the buyer pushes to the repository (Netlify’s push hook)', async () => {
    const octokit = new Octokit({
      baseUrl: cloud.github.apiUrl,
      auth: await githubControl.createToken(login, ['repo']),
      log: silentLog,
    });
    const { data: hooks } = await octokit.rest.repos.listWebhooks({
      owner: login,
      repo: 'my-shop',
    });
    expect(hooks.map((hook) => hook.config.url)).toEqual([`${cloud.netlify.apiUrl}/hooks/github`]);
    await octokit.rest.repos.createOrUpdateFileContents({
      owner: login,
      repo: 'my-shop',
      path: 'public/news.html',
      message: 'A page of my own',
      content: Buffer.from('<!doctype html><h1>Added by the buyer</h1>\n').toString('base64'),
    });
    await githubControl.waitForDeliveries();
    await netlifyControl.waitForBuilds();
    const status = await call<Deployment>('GET', `/api/deployments/${deploymentId}`, buyer);
    const page = await fetch(new URL('news.html', status.body.netlify_site_url!));
    expect(await page.text()).toContain('Added by the buyer');
  });

  it('opens one upgrade pull request per new version, with the changelog and the changed files', async () => {
    const fileKey = `mvps/${seller.sub}/${randomUUID()}/bundle.zip`;
    // Version two changes the page and drops the README.
    await storeBundle(fileKey, 'Version two', false);
    await TemplateVersionEntity.create({
      mvp_id: templateId,
      id: `01${randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase()}`,
      version_number: '1.1.0',
      changelog: 'A new hero section.',
      file_key: fileKey,
      file_size: 100,
      source: 'upload',
      uploaded_at: new Date().toISOString(),
    }).go();
    await TemplateEntity.patch({ id: templateId })
      .set({ version_number: '1.1.0', file_key: fileKey })
      .go();

    // Approving the version tells the buyer (processing's Publish and an admin's approval call this).
    expect(
      await notifyUpgradeAvailable({ id: templateId, title: 'Starter', version_number: '1.1.0' }),
    ).toBe(1);
    const { data: notifications } = await NotificationEntity.query
      .byUser({ user_id: buyer.sub })
      .go();
    expect(notifications).toEqual([
      expect.objectContaining({ type: 'upgrade_available', link: '/dashboard' }),
    ]);

    const listed = await call<DeploymentList>('GET', '/api/my/deployments', buyer);
    expect(listed.body.items[0]).toMatchObject({
      id: deploymentId,
      upgrade_available: true,
      // Neither version has a security report here: a plain upgrade, not a security one.
      upgrade_security_fixes: 0,
      version: '1.0.0',
      latest_version: '1.1.0',
    });

    const opening = await call<{ status: string; pull_request_url: string | null }>(
      'POST',
      `/api/deployments/${deploymentId}/upgrade-pull-request`,
      buyer,
    );
    expect(opening).toMatchObject({
      status: 202,
      body: { status: 'opening', pull_request_url: null },
    });
    // Asked again while it is being opened: nothing new starts.
    const twice = await call<{ status: string }>(
      'POST',
      `/api/deployments/${deploymentId}/upgrade-pull-request`,
      buyer,
    );
    expect(twice.body.status).toBe('opening');
    await settled();
    const opened = await call<{ status: string; pull_request_url: string; number: number }>(
      'POST',
      `/api/deployments/${deploymentId}/upgrade-pull-request`,
      buyer,
    );
    expect(opened).toMatchObject({ status: 200, body: { status: 'opened' } });
    const listedAfter = await call<DeploymentList>('GET', '/api/my/deployments', buyer);
    expect(listedAfter.body.items[0]).toMatchObject({
      upgrade_status: 'opened',
      pull_request_url: opened.body.pull_request_url,
    });

    const octokit = new Octokit({
      baseUrl: cloud.github.apiUrl,
      auth: await githubControl.createToken(login, ['repo']),
      log: silentLog,
    });
    const { data: pulls } = await octokit.rest.pulls.list({ owner: login, repo: 'my-shop' });
    expect(pulls).toHaveLength(1);
    expect(pulls[0]!.body).toContain('A new hero section.');
    const { data: changed } = await octokit.rest.pulls.listFiles({
      owner: login,
      repo: 'my-shop',
      pull_number: opened.body.number,
    });
    // The page changed, the README the template dropped goes, the buyer's own page stays.
    expect(changed.map((file) => [file.filename, file.status]).sort()).toEqual([
      ['README.md', 'removed'],
      ['public/index.html', 'modified'],
    ]);
  });

  it('refuses a deploy without quota with Download’s message, writing nothing', async () => {
    const broke = await makeUser('buyer', 0);
    const brokeLogin = `broke-${randomUUID().slice(0, 8)}`;
    await githubControl.createUser({ login: brokeLogin });
    const started = await call<{ url: string }>(
      'POST',
      '/api/deployments/github/authorize-url',
      broke,
      {},
    );
    await call(
      'POST',
      '/api/deployments/github/callback',
      broke,
      await consentOnGithub(started.body.url, brokeLogin),
    );
    const refused = await call<{ message: string }>('POST', '/api/deployments', broke, {
      mvp_id: templateId,
      repo_name: 'free-ride',
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: DOWNLOAD_MESSAGES.quotaReached },
    });
    const list = await call<DeploymentList>('GET', '/api/my/deployments', broke);
    expect(list.body.items).toEqual([]);
  });

  it('refuses the seller a deploy of their own template, writing nothing', async () => {
    const sellerLogin = `own-${randomUUID().slice(0, 8)}`;
    await githubControl.createUser({ login: sellerLogin });
    const started = await call<{ url: string }>(
      'POST',
      '/api/deployments/github/authorize-url',
      seller,
      {},
    );
    await call(
      'POST',
      '/api/deployments/github/callback',
      seller,
      await consentOnGithub(started.body.url, sellerLogin),
    );
    const refused = await call<{ message: string }>('POST', '/api/deployments', seller, {
      mvp_id: templateId,
      repo_name: 'self-deal',
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: DOWNLOAD_MESSAGES.ownTemplate },
    });
    const list = await call<DeploymentList>('GET', '/api/my/deployments', seller);
    expect(list.body.items).toEqual([]);
  });

  it('fails with a readable message when the name is taken or Netlify cannot build the site', async () => {
    const facts = watchDeployFacts();
    // The same template again under the name of the buyer's finished deployment: said so at once,
    // nothing spent.
    const quota = (await storedEntitlement(buyer.sub))?.downloads_remaining;
    const again = await call<{ message: string }>('POST', '/api/deployments', buyer, {
      mvp_id: templateId,
      repo_name: 'my-shop',
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: DEPLOY_CONTINUE_MESSAGES.alreadyDeployed('my-shop') },
    });
    expect((await storedEntitlement(buyer.sub))?.downloads_remaining).toBe(quota);
    // A name an unrelated repository of the buyer's holds: GitHub's 422, said in words.
    const buyerOctokit = new Octokit({
      baseUrl: cloud.github.apiUrl,
      auth: await githubControl.createToken(login, ['repo']),
      log: silentLog,
    });
    await buyerOctokit.rest.repos.createForAuthenticatedUser({ name: 'not-mine', private: true });
    const taken = await call<{ deployment_id: string }>('POST', '/api/deployments', buyer, {
      mvp_id: templateId,
      repo_name: 'not-mine',
    });
    expect(taken.status).toBe(202);
    await settled();
    const failed = await call<Deployment>(
      'GET',
      `/api/deployments/${taken.body.deployment_id}`,
      buyer,
    );
    expect(failed.body).toMatchObject({
      status: 'failed',
      error_message: DEPLOY_CONTINUE_MESSAGES.nameTaken('not-mine'),
      can_continue: true,
    });
    // Netlify's authorisation is refused before the repository exists.
    const early = await call<{ message: string }>(
      'POST',
      `/api/deployments/${taken.body.deployment_id}/netlify/authorize-url`,
      buyer,
    );
    expect(early).toMatchObject({
      status: 409,
      body: { message: DEPLOY_MESSAGES.notReadyForNetlify },
    });

    // A template whose publish folder is missing: Netlify's deploy fails, and says why.
    const broken = await seedTemplate(seller.sub, { version_number: '1.0.0' });
    await putObject({
      bucket: config().MVP_FILES_BUCKET,
      key: broken.file_key!,
      body: zipSync({
        'netlify.toml': strToU8('[build]\n  publish = "dist"\n'),
        'README.md': strToU8('# x'),
      }),
      contentType: 'application/zip',
    });
    const started = await call<{ deployment_id: string }>('POST', '/api/deployments', buyer, {
      mvp_id: broken.id,
      repo_name: 'broken-site',
    });
    await settled();
    const authorize = await call<{ url: string }>(
      'POST',
      `/api/deployments/${started.body.deployment_id}/netlify/authorize-url`,
      buyer,
    );
    await call(
      'POST',
      '/api/deployments/netlify/callback',
      buyer,
      await consentOnNetlify(authorize.body.url),
    );
    await settled();
    const site = await call<Deployment>(
      'GET',
      `/api/deployments/${started.body.deployment_id}`,
      buyer,
    );
    expect(site.body.status).toBe('failed');
    expect(site.body.error_message).toMatch(/^Netlify could not build the site: .*dist/);
    expect(facts(businessMetrics.deploysStarted)).toBe(2);
    expect(facts(businessMetrics.deploysFailed)).toBe(2);
    expect(facts(businessMetrics.deploysSucceeded)).toBe(0);
  });

  it('never answers a token, sealed or not', async () => {
    const tokens = await OAuthTokenEntity.query.byUser({ user_id: buyer.sub }).go();
    expect(tokens.data.map((item) => item.provider).sort()).toEqual(['github', 'netlify']);
    for (const answer of answers) {
      expect(answer).not.toMatch(/gho_|v1\.local\.|access_token|token_ciphertext/);
      for (const item of tokens.data) expect(answer).not.toContain(item.token_ciphertext);
    }
  });

  it('disconnects GitHub: the token is gone, Settings says so, and Deploy asks to connect again', async () => {
    const answer = await call<{ message: string }>('DELETE', '/api/deployments/github', buyer);
    expect(answer).toMatchObject({
      status: 200,
      body: { message: DEPLOY_MESSAGES.githubDisconnected },
    });
    const connections = await call<Connections>('GET', '/api/my/connections', buyer);
    expect(connections.body.github).toEqual({
      provider: 'github',
      connected: false,
      account_login: null,
    });
    expect((await ProfileEntity.get({ id: buyer.sub }).go()).data?.github_username).toBeUndefined();
    const refused = await call<{ message: string }>('POST', '/api/deployments', buyer, {
      mvp_id: templateId,
      repo_name: 'again',
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: DEPLOY_MESSAGES.githubNotConnected },
    });
  });
});
