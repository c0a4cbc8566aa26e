/**
 * The seller's GitHub integration through the github Lambda's handler, against DynamoDB Local,
 * s3rver and the local GitHub server (lib/local/servers/github) with the marketplace's App: the App
 * installation's state (single use, bound to the user), validate/link/unlink with the webhook
 * created on the repository, the push webhook (signature before anything is written, one version
 * per delivery, only the default branch) and Sync, both running the github-sync state machine and
 * then the processing pipeline in process, as the local stack does.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { describe, expect, inject, it } from 'vitest';
import type { ApiErrorBody } from '../../../../contract/errors';
import { GITHUB_MESSAGES } from '../../../../contract/github';
import { SYNC_FAILURE_REASONS } from '../../../../contract/github-sync-failure';
import type { ManagedTemplate } from '../../../../contract/templates';
import { GithubRepoLinkEntity } from '../../../../lambdas/shared/db/entities/github-repo-link';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { WebhookEventEntity } from '../../../../lambdas/shared/db/entities/webhook-event';
import type { HttpMethod } from '../../../../contract/routes';
import { createLocalGithubControl } from '../../../../lib/local/servers/github/control-client';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';

const github = inject('localCloud').github;
const control = createLocalGithubControl(github.apiUrl);
const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const { settled } = useLocalWorkflows();

interface Caller {
  sub: string;
  claims: Record<string, string>;
}

const responses: string[] = [];

const call = async <T>(
  method: HttpMethod,
  path: string,
  caller: Caller | null,
  options: { body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<{ status: number; body: T }> => {
  const event = apiEvent({ method, path, body: options.body, claims: caller?.claims });
  if (options.rawBody !== undefined) event.body = options.rawBody;
  if (options.headers) event.headers = { ...event.headers, ...options.headers };
  const result = await dispatch(event, lambdaContext('github'));
  responses.push(result.body ?? '');
  return {
    status: result.statusCode ?? 0,
    body: result.body ? jsonBody<T>(result) : (undefined as T),
  };
};

const makeSeller = async (): Promise<Caller> => {
  const sub = `gh-seller-${randomUUID()}`;
  await putProfile({
    id: sub,
    email: `${sub}@example.com`,
    role: 'seller',
    is_seller_approved: true,
  });
  return { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
};

/** A GitHub user with a repository (one commit on main) and the App installed on the account. */
const githubAccount = async (repo = 'starter', options: { private?: boolean } = {}) => {
  const login = `octo-${randomUUID().slice(0, 8)}`;
  await control.createUser({ login });
  const octokit = new Octokit({
    baseUrl: github.apiUrl,
    auth: await control.createToken(login),
    log: silentLog,
  });
  await octokit.rest.repos.createForAuthenticatedUser({
    name: repo,
    private: options.private ?? true,
  });
  const commit = async (path: string, content: string, message: string, branch?: string) => {
    const { data } = await octokit.rest.repos.createOrUpdateFileContents({
      owner: login,
      repo,
      path,
      message,
      content: Buffer.from(content).toString('base64'),
      ...(branch ? { branch } : {}),
    });
    return data.commit.sha!;
  };
  const first = await commit('index.html', '<h1>Hello</h1>\n', 'First page');
  const installationId = await control.installApp(login);
  return { login, repo, octokit, commit, first, installationId };
};

/**
 * The App's installation page as a GitHub user uses it: installing on `login`'s account sends
 * the browser back to the setup URL with `installation_id`, `state` and a `code`.
 */
const installOnPage = async (installUrl: string, login: string) => {
  const url = new URL(installUrl);
  const response = await fetch(`${github.apiUrl}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: url.searchParams.get('state') ?? '', login }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  return {
    installation_id: Number(back.searchParams.get('installation_id')),
    state: back.searchParams.get('state')!,
    code: back.searchParams.get('code')!,
    setup_action: back.searchParams.get('setup_action') as 'install' | 'update',
  };
};

/** The seller installs the App on `login`'s account through the routes and the page. */
const installThroughRoutes = async (seller: Caller, login: string) => {
  const { body } = await call<{ url: string }>('GET', '/api/github/app/install-url', seller);
  const callback = await installOnPage(body.url, login);
  return call<{ message: string }>('POST', '/api/github/app/installations', seller, {
    body: callback,
  });
};

const sign = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const pushPayload = (login: string, repo: string, sha: string, ref = 'refs/heads/main') =>
  JSON.stringify({
    ref,
    before: '0'.repeat(40),
    after: sha,
    deleted: false,
    repository: {
      name: repo,
      full_name: `${login}/${repo}`,
      owner: { login, name: login },
      default_branch: 'main',
    },
  });

const deliver = (body: string, signature: string, delivery = randomUUID(), event = 'push') =>
  call<{ message: string }>('POST', '/api/webhooks/github', null, {
    rawBody: body,
    headers: {
      'x-github-event': event,
      'x-github-delivery': delivery,
      'x-hub-signature-256': signature,
      'content-type': 'application/json',
    },
  });

const versionsOf = async (templateId: string) =>
  (await TemplateVersionEntity.query.byMvp({ mvp_id: templateId }).go({ pages: 'all' })).data;

const SECRET = 'a-test-webhook-secret-0123456789';

/** A seller, their App installation, a template linked to their repository with SECRET. */
const linkedTemplate = async () => {
  const seller = await makeSeller();
  const account = await githubAccount();
  expect((await installThroughRoutes(seller, account.login)).status).toBe(200);
  const template = await seedTemplate(seller.sub, { status: 'approved', version_number: '1.0.0' });
  const linked = await call<{ github: ManagedTemplate['github'] }>(
    'PUT',
    `/api/my/mvps/${template.id}/github`,
    seller,
    { body: { owner: account.login, name: account.repo, webhook_secret: SECRET } },
  );
  expect(linked.status).toBe(200);
  return { seller, account, mvp: template };
};

describe('GitHub App installation', () => {
  it('stores the installation for the state’s user; a replayed state or another user’s is refused', async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const account = await githubAccount();
    const { status, body } = await call<{ url: string }>(
      'GET',
      '/api/github/app/install-url',
      seller,
    );
    expect(status).toBe(200);
    const url = new URL(body.url);
    expect(url.pathname).toBe(`/apps/${github.appSlug}/installations/new`);
    expect(url.searchParams.get('state')).not.toContain(seller.sub);
    const callback = await installOnPage(body.url, account.login);
    expect(callback.installation_id).toBe(account.installationId);

    const stolen = await call<ApiErrorBody>('POST', '/api/github/app/installations', other, {
      body: callback,
    });
    expect(stolen.status).toBe(400);

    const done = await call<{ message: string }>('POST', '/api/github/app/installations', seller, {
      body: callback,
    });
    expect(done).toEqual({ status: 200, body: { message: GITHUB_MESSAGES.installed } });
    const { data: profile } = await ProfileEntity.get({ id: seller.sub }).go();
    expect(profile?.github_app_installation_id).toBe(String(account.installationId));

    const replay = await call<ApiErrorBody>('POST', '/api/github/app/installations', seller, {
      body: callback,
    });
    expect(replay.status).toBe(400);
  });

  it("refuses someone else's installation id, an unknown one, and a call without the code", async () => {
    const attacker = await makeSeller();
    const mine = await githubAccount();
    const victim = await githubAccount();
    // The attacker installs on their own account (a valid state and code)…
    const { body } = await call<{ url: string }>('GET', '/api/github/app/install-url', attacker);
    const callback = await installOnPage(body.url, mine.login);
    // …but posts the victim's installation id: the code's user cannot reach it.
    const stolen = await call<ApiErrorBody>('POST', '/api/github/app/installations', attacker, {
      body: { ...callback, installation_id: victim.installationId },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(GITHUB_MESSAGES.installFailed);
    const { data: profile } = await ProfileEntity.get({ id: attacker.sub }).go();
    expect(profile?.github_app_installation_id).toBeUndefined();

    const again = await call<{ url: string }>('GET', '/api/github/app/install-url', attacker);
    const second = await installOnPage(again.body.url, mine.login);
    const unknown = await call<ApiErrorBody>('POST', '/api/github/app/installations', attacker, {
      body: { ...second, installation_id: 987654 },
    });
    expect(unknown.status).toBe(400);

    const third = await call<{ url: string }>('GET', '/api/github/app/install-url', attacker);
    const noCode = await installOnPage(third.body.url, mine.login);
    const { code: _code, ...withoutCode } = noCode;
    const missing = await call<ApiErrorBody>('POST', '/api/github/app/installations', attacker, {
      body: withoutCode,
    });
    expect(missing.status).toBe(400);
  });
});

describe('repository link', () => {
  it('validates through the installation, links with a generated secret never returned, unlinks', async () => {
    const seller = await makeSeller();
    const account = await githubAccount();
    const template = await seedTemplate(seller.sub, { status: 'approved' });
    const before = await call<ApiErrorBody>(
      'POST',
      `/api/my/mvps/${template.id}/github/validate`,
      seller,
      {
        body: { owner: account.login, name: account.repo },
      },
    );
    expect(before.body.message).toBe(GITHUB_MESSAGES.installFirst);
    await installThroughRoutes(seller, account.login);

    const found = await call<{ message: string }>(
      'POST',
      `/api/my/mvps/${template.id}/github/validate`,
      seller,
      {
        body: { owner: account.login, name: account.repo },
      },
    );
    expect(found).toMatchObject({ status: 200, body: { message: 'Repository found!' } });
    const missing = await call<ApiErrorBody>(
      'POST',
      `/api/my/mvps/${template.id}/github/validate`,
      seller,
      {
        body: { owner: account.login, name: 'nope' },
      },
    );
    expect(missing).toMatchObject({
      status: 400,
      body: { message: GITHUB_MESSAGES.repositoryNotFound },
    });
    const empty = await call<ApiErrorBody>(
      'POST',
      `/api/my/mvps/${template.id}/github/validate`,
      seller,
      {
        body: { owner: '', name: '' },
      },
    );
    expect(empty.status).toBe(400);

    const other = await makeSeller();
    const notOwner = await call<ApiErrorBody>('PUT', `/api/my/mvps/${template.id}/github`, other, {
      body: { owner: account.login, name: account.repo },
    });
    expect(notOwner.status).toBe(403);

    const linked = await call<{ message: string; github: ManagedTemplate['github'] }>(
      'PUT',
      `/api/my/mvps/${template.id}/github`,
      seller,
      { body: { owner: account.login, name: account.repo } },
    );
    expect(linked.status).toBe(200);
    expect(linked.body.github).toEqual({
      owner: account.login,
      name: account.repo,
      last_synced_sha: null,
      sync_failure: null,
    });
    const { data: stored } = await TemplateEntity.get({ id: template.id }).go();
    expect(stored?.github_webhook_secret).toMatch(/^v1\.local\./);
    const hooks = await account.octokit.rest.repos.listWebhooks({
      owner: account.login,
      repo: account.repo,
    });
    expect(hooks.data).toHaveLength(1);
    expect(hooks.data[0]!.config.url).toMatch(/\/api\/webhooks\/github$/);
    expect(hooks.data[0]!.events).toEqual(['push']);

    const mine = await call<{ items: ManagedTemplate[] }>('GET', '/api/my/mvps', seller);
    expect(mine.body.items.find((item) => item.id === template.id)?.github?.name).toBe(
      account.repo,
    );

    // A second template cannot take the same repository.
    const second = await seedTemplate(seller.sub, { status: 'approved' });
    const taken = await call<ApiErrorBody>('PUT', `/api/my/mvps/${second.id}/github`, seller, {
      body: { owner: account.login, name: account.repo },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: GITHUB_MESSAGES.alreadyLinked } });

    const unlinked = await call<{ github: null }>(
      'DELETE',
      `/api/my/mvps/${template.id}/github`,
      seller,
    );
    expect(unlinked).toMatchObject({ status: 200, body: { github: null } });
    const { data: after } = await TemplateEntity.get({ id: template.id }).go();
    expect(after?.github_webhook_secret).toBeUndefined();
    const { data: link } = await GithubRepoLinkEntity.get({
      github_repo_owner: account.login.toLowerCase(),
      github_repo_name: account.repo,
    }).go();
    expect(link).toBeNull();
    const hooksAfter = await account.octokit.rest.repos.listWebhooks({
      owner: account.login,
      repo: account.repo,
    });
    expect(hooksAfter.data).toHaveLength(0);
  });
});

describe('repository outside the installation', () => {
  it('refuses to validate or link a public repository of another account, and links nothing', async () => {
    const seller = await makeSeller();
    const own = await githubAccount();
    await installThroughRoutes(seller, own.login);
    // Someone else's public repository: the seller's installation token can read it, but the
    // account never granted the App access, so it is not the seller's to link.
    const stranger = await githubAccount('public-kit', { private: false });
    const template = await seedTemplate(seller.sub, { status: 'approved' });
    const target = { owner: stranger.login, name: stranger.repo };

    const checked = await call<ApiErrorBody>(
      'POST',
      `/api/my/mvps/${template.id}/github/validate`,
      seller,
      { body: target },
    );
    expect(checked).toMatchObject({
      status: 400,
      body: { message: GITHUB_MESSAGES.outsideInstallation },
    });
    const linked = await call<ApiErrorBody>('PUT', `/api/my/mvps/${template.id}/github`, seller, {
      body: target,
    });
    expect(linked).toMatchObject({
      status: 400,
      body: { message: GITHUB_MESSAGES.outsideInstallation },
    });

    const { data: hooks } = await stranger.octokit.rest.repos.listWebhooks({
      owner: stranger.login,
      repo: stranger.repo,
    });
    expect(hooks).toEqual([]);
    expect(
      (
        await GithubRepoLinkEntity.get({
          github_repo_owner: stranger.login.toLowerCase(),
          github_repo_name: stranger.repo.toLowerCase(),
        }).go()
      ).data,
    ).toBeNull();
    expect(
      (await TemplateEntity.get({ id: template.id }).go()).data?.github_repo_owner,
    ).toBeUndefined();
  });
});

describe('push webhook and Sync', () => {
  it('a bad signature is 401 and writes nothing', async () => {
    const { account, mvp } = await linkedTemplate();
    const sha = await account.commit('two.html', '<h1>Two</h1>\n', 'Second page');
    const body = pushPayload(account.login, account.repo, sha);
    const delivery = randomUUID();
    for (const signature of [sign('wrong-secret-wrong-secret', body), '', 'sha256=00']) {
      const refused = await deliver(body, signature, delivery);
      expect(refused.status).toBe(401);
    }
    await settled();
    const { data: claim } = await WebhookEventEntity.get({
      provider: 'github',
      event_id: delivery,
    }).go();
    expect(claim).toBeNull();
    expect(await versionsOf(mvp.id)).toHaveLength(1);
    const ping = await deliver('{"zen":"hi"}', '', randomUUID(), 'ping');
    expect(ping.status).toBe(204);
  });

  it('a push to main becomes one new patch version, once per delivery, approved by the pipeline', async () => {
    const { account, mvp } = await linkedTemplate();
    const sha = await account.commit('two.html', '<h1>Two</h1>\n', 'Second page\n\nwith a body');
    const body = pushPayload(account.login, account.repo, sha);
    const delivery = randomUUID();
    expect((await deliver(body, sign(SECRET, body), delivery)).status).toBe(202);
    expect((await deliver(body, sign(SECRET, body), delivery)).status).toBe(200);
    await settled();
    const versions = await versionsOf(mvp.id);
    expect(versions).toHaveLength(2);
    const synced = versions.find((version) => version.source === 'github_sync')!;
    expect(synced).toMatchObject({ version_number: '1.0.1', github_commit_sha: sha });
    expect(synced.changelog).toContain('Second page');
    const { data: stored } = await TemplateEntity.get({ id: mvp.id }).go();
    expect(stored).toMatchObject({
      last_synced_github_commit_sha: sha,
      version_number: '1.0.1',
      status: 'approved',
      file_key: synced.file_key,
    });

    // The same commit again, as a new delivery: nothing new.
    expect((await deliver(body, sign(SECRET, body), randomUUID())).status).toBe(202);
    await settled();
    expect(await versionsOf(mvp.id)).toHaveLength(2);
  });

  it('picks the bump from the commits since the last synced one: feat a minor, ! a major', async () => {
    const { seller, account, mvp } = await linkedTemplate();
    // A first sync reads the head commit alone (there is no synced one to compare with).
    await account.commit('dark.css', 'body { color: #eee }\n', 'feat: dark mode');
    expect((await call('POST', `/api/my/mvps/${mvp.id}/github/sync`, seller)).status).toBe(202);
    await settled();
    expect((await TemplateEntity.get({ id: mvp.id }).go({ consistent: true })).data).toMatchObject({
      version_number: '1.1.0',
      status: 'approved',
    });
    // Since then: a breaking change among other commits.
    await account.commit('api.txt', 'v2\n', 'refactor(api)!: drop the old routes');
    await account.commit('fix.txt', 'fixed\n', 'fix: a typo');
    expect((await call('POST', `/api/my/mvps/${mvp.id}/github/sync`, seller)).status).toBe(202);
    await settled();
    const versions = await versionsOf(mvp.id);
    expect(versions.map((version) => version.version_number).sort()).toEqual([
      '1.0.0',
      '1.1.0',
      '2.0.0',
    ]);
    expect(
      (await TemplateEntity.get({ id: mvp.id }).go({ consistent: true })).data?.version_number,
    ).toBe('2.0.0');
  });

  it('a push to another branch does nothing', async () => {
    const { account, mvp } = await linkedTemplate();
    await account.octokit.rest.git.createRef({
      owner: account.login,
      repo: account.repo,
      ref: 'refs/heads/feature',
      sha: account.first,
    });
    const sha = await account.commit(
      'feature.html',
      '<h1>Feature</h1>\n',
      'Feature work',
      'feature',
    );
    const body = pushPayload(account.login, account.repo, sha, 'refs/heads/feature');
    expect((await deliver(body, sign(SECRET, body))).status).toBe(202);
    await settled();
    expect(await versionsOf(mvp.id)).toHaveLength(1);
  });

  it('Sync takes the head of main; a second Sync of the same commit creates nothing', async () => {
    const { seller, account, mvp } = await linkedTemplate();
    await account.commit('README.md', '# Starter\n', 'Add readme');
    const first = await call<{ started: boolean }>(
      'POST',
      `/api/my/mvps/${mvp.id}/github/sync`,
      seller,
    );
    expect(first).toMatchObject({ status: 202, body: { started: true } });
    await settled();
    expect(await versionsOf(mvp.id)).toHaveLength(2);
    const again = await call<{ started: boolean; message: string }>(
      'POST',
      `/api/my/mvps/${mvp.id}/github/sync`,
      seller,
    );
    expect(again).toMatchObject({
      status: 200,
      body: { started: false, message: GITHUB_MESSAGES.alreadySynced },
    });
    await settled();
    expect(await versionsOf(mvp.id)).toHaveLength(2);
    const other = await makeSeller();
    const refused = await call<ApiErrorBody>('POST', `/api/my/mvps/${mvp.id}/github/sync`, other);
    expect(refused.status).toBe(403);
  });

  it('a push whose sync fails shows on My MVPs with the reason, until a later sync succeeds', async () => {
    const { seller, account, mvp } = await linkedTemplate();
    const githubOf = async () =>
      (await call<ManagedTemplate>('GET', `/api/mvps/${mvp.id}/manage`, seller)).body.github!;
    // A commit GitHub does not have (a force push took it away): its archive is refused.
    const gone = 'f'.repeat(40);
    const body = pushPayload(account.login, account.repo, gone);
    expect((await deliver(body, sign(SECRET, body))).status).toBe(202);
    await settled();
    expect(await versionsOf(mvp.id)).toHaveLength(1);
    const failed = await githubOf();
    expect(failed.sync_failure).toEqual({
      sha: gone,
      reason: SYNC_FAILURE_REASONS.noAccess(`${account.login}/${account.repo}`),
      at: expect.any(String) as string,
    });

    // The next push syncs, and the failure is no longer what the page says.
    const sha = await account.commit('fixed.html', '<h1>Fixed</h1>\n', 'Fix the page');
    const next = pushPayload(account.login, account.repo, sha);
    expect((await deliver(next, sign(SECRET, next))).status).toBe(202);
    await settled();
    expect(await versionsOf(mvp.id)).toHaveLength(2);
    expect(await githubOf()).toMatchObject({ last_synced_sha: sha, sync_failure: null });
  });

  it('no response carried a webhook secret, a sealed value or a token', async () => {
    const all = responses.join('\n');
    expect(all).not.toContain(SECRET);
    expect(all).not.toMatch(/v1\.(local|kms)\./);
    expect(all).not.toMatch(/gh[opsu]_[A-Za-z0-9]{20,}/);
  });
});
