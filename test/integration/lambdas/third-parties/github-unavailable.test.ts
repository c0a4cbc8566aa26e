/**
 * GitHub not answering, through the github Lambda's handler and Octokit against the run's local
 * GitHub server reached through a fault proxy of this file's own (test/fixtures/fault-proxy.ts):
 * first with its port closed, then hanging (connections accepted, never answered). A seller's App
 * installation callback, repository check, link and Sync each answer 503 with GitHub's one message,
 * within GitHub's budget (contract/third-parties.ts), and nothing is half-written: no installation
 * recorded, no link, no webhook on the repository, no sync started; so does a buyer's return from
 * GitHub's consent page, with no token stored. With GitHub back, the same calls pass (the
 * callback's state was given back), and the repository has one webhook.
 */
import { randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ApiErrorBody } from '../../../../contract/errors';
import { THIRD_PARTY_UNAVAILABLE_MESSAGES, worstCaseMs } from '../../../../contract/third-parties';
import { createLocalGithubControl } from '../../../../lib/local/servers/github/control-client';
import { startFaultProxy, type FaultMode } from '../../../fixtures/fault-proxy';
import {
  callRoute,
  outageBound,
  timed,
  type OutageCaller,
} from '../../../fixtures/third-party-outage';

const github = inject('localCloud').github;
const control = createLocalGithubControl(github.apiUrl);
const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

// Before any handler module reads its configuration: Octokit talks to GitHub through this proxy
// (this file's process only; the server is the run's). Its pages stay direct (GITHUB_WEB_URL).
const githubProxy = await startFaultProxy(github.apiUrl);
process.env.GITHUB_API_URL = githubProxy.endpoint;

const { idTokenClaims } = await import('../../../fixtures/api-event');
const { putProfile } = await import('../../../fixtures/profiles');
const { seedTemplate } = await import('../../../fixtures/template-items');
const { TemplateEntity } = await import('../../../../lambdas/shared/db/entities/template');
const { ProfileEntity } = await import('../../../../lambdas/shared/db/entities/profile');
const { setWorkflowRunner } = await import('../../../../lambdas/shared/adapters/workflow');

// A sync's state machine is only recorded: this file is about the routes, not the pipeline.
const started: string[] = [];
setWorkflowRunner({
  start: async (_workflow, _input, name) => {
    started.push(name);
  },
});

afterAll(() => githubProxy.close());

const BUDGET = outageBound(worstCaseMs('github'));

const messageOf = (body: string) => (JSON.parse(body) as ApiErrorBody).message;

/** An approved seller with a template, and a GitHub account with a private repository. */
const sellerWithRepository = async () => {
  const sub = `gh-outage-${randomUUID()}`;
  await putProfile({
    id: sub,
    email: `${sub}@example.com`,
    role: 'seller',
    is_seller_approved: true,
  });
  const seller = { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
  const template = await seedTemplate(sub);
  const login = `octo-${randomUUID().slice(0, 8)}`;
  await control.createUser({ login });
  const octokit = new Octokit({
    baseUrl: github.apiUrl,
    auth: await control.createToken(login),
    log: silentLog,
  });
  await octokit.rest.repos.createForAuthenticatedUser({ name: 'starter', private: true });
  await octokit.rest.repos.createOrUpdateFileContents({
    owner: login,
    repo: 'starter',
    path: 'index.html',
    message: 'First page',
    content: Buffer.from('<h1>Hello</h1>\n').toString('base64'),
  });
  return { seller, templateId: template.id, login, octokit };
};

/** The App's installation page as the GitHub user uses it: the setup URL's parameters. */
const installOnPage = async (seller: OutageCaller, login: string) => {
  const started = await callRoute('GET', '/api/github/app/install-url', seller);
  expect(started.status, started.body).toBe(200);
  const url = new URL((JSON.parse(started.body) as { url: string }).url);
  const response = await fetch(`${github.apiUrl}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: url.searchParams.get('state') ?? '', login }).toString(),
    redirect: 'manual',
  });
  const back = new URL(response.headers.get('location')!);
  return {
    installation_id: Number(back.searchParams.get('installation_id')),
    state: back.searchParams.get('state')!,
    code: back.searchParams.get('code')!,
    setup_action: back.searchParams.get('setup_action') as 'install' | 'update',
  };
};

const expectGithubUnavailable = ({
  result,
  ms,
}: {
  result: { status: number; body: string };
  ms: number;
}) => {
  expect(result.status, result.body).toBe(503);
  expect(messageOf(result.body)).toBe(THIRD_PARTY_UNAVAILABLE_MESSAGES.github);
  expect(ms).toBeLessThan(BUDGET);
};

describe.each<FaultMode>(['refuse', 'hang'])('GitHub %s', (mode) => {
  afterAll(() => githubProxy.setMode('pass'));

  it(
    'the App installation, a repository check, its link and Sync answer 503 naming GitHub, within its budget, with nothing half-written',
    async () => {
      const { seller, templateId, login, octokit } = await sellerWithRepository();
      const callback = await installOnPage(seller, login);
      const repository = { owner: login, name: 'starter' };

      await githubProxy.setMode(mode);
      expectGithubUnavailable(
        await timed(() => callRoute('POST', '/api/github/app/installations', seller, callback)),
      );
      await githubProxy.setMode('pass');
      const profile = (await ProfileEntity.get({ id: seller.sub }).go()).data!;
      expect(profile.github_app_installation_id).toBeUndefined();
      // The same callback passes once GitHub is back.
      const installed = await callRoute('POST', '/api/github/app/installations', seller, callback);
      expect(installed.status, installed.body).toBe(200);

      await githubProxy.setMode(mode);
      const [checked, linked] = await Promise.all([
        timed(() =>
          callRoute('POST', `/api/my/mvps/${templateId}/github/validate`, seller, repository),
        ),
        timed(() => callRoute('PUT', `/api/my/mvps/${templateId}/github`, seller, repository)),
      ]);
      expectGithubUnavailable(checked!);
      expectGithubUnavailable(linked!);

      await githubProxy.setMode('pass');
      const template = (await TemplateEntity.get({ id: templateId }).go()).data!;
      expect(template.github_repo_owner).toBeUndefined();
      const hooks = () => octokit.rest.repos.listWebhooks({ owner: login, repo: 'starter' });
      expect((await hooks()).data).toEqual([]);

      // GitHub is back: the same calls pass, one webhook.
      const validated = await callRoute(
        'POST',
        `/api/my/mvps/${templateId}/github/validate`,
        seller,
        repository,
      );
      expect(validated.status, validated.body).toBe(200);
      const relinked = await callRoute(
        'PUT',
        `/api/my/mvps/${templateId}/github`,
        seller,
        repository,
      );
      expect(relinked.status, relinked.body).toBe(200);
      expect((JSON.parse(relinked.body) as { github: { owner: string } }).github.owner).toBe(login);
      expect((await hooks()).data).toHaveLength(1);

      // Sync asks GitHub for the head of main: 503 while it does not answer, nothing started.
      await githubProxy.setMode(mode);
      expectGithubUnavailable(
        await timed(() => callRoute('POST', `/api/my/mvps/${templateId}/github/sync`, seller)),
      );
      expect(started).toEqual([]);
      await githubProxy.setMode('pass');
      const synced = await callRoute('POST', `/api/my/mvps/${templateId}/github/sync`, seller);
      expect(synced.status, synced.body).toBeLessThan(300);
      expect(started).toHaveLength(1);
      started.length = 0;
    },
    4 * BUDGET + 30_000,
  );

  it(
    "a buyer's return from GitHub's consent page answers 503 naming GitHub, within its budget, with no token stored",
    async () => {
      const sub = `gh-buyer-${randomUUID()}`;
      const login = `buyer-${randomUUID().slice(0, 8)}`;
      await putProfile({ id: sub, email: `${sub}@example.com`, role: 'buyer' });
      const buyer = { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
      await control.createUser({ login });
      const started = await callRoute('POST', '/api/deployments/github/authorize-url', buyer, {});
      expect(started.status, started.body).toBe(200);
      const url = new URL((JSON.parse(started.body) as { url: string }).url);
      // GitHub's consent page (its web pages, not the API) answers directly.
      const consent = await fetch(`${github.apiUrl}/login/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), login }).toString(),
        redirect: 'manual',
      });
      const back = new URL(consent.headers.get('location')!);
      const callback = {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
      };
      const connected = async () =>
        (
          JSON.parse((await callRoute('GET', '/api/my/connections', buyer)).body) as {
            github: { connected: boolean };
          }
        ).github.connected;

      await githubProxy.setMode(mode);
      expectGithubUnavailable(
        await timed(() => callRoute('POST', '/api/deployments/github/callback', buyer, callback)),
      );
      await githubProxy.setMode('pass');
      expect(await connected()).toBe(false);

      // The same callback passes once GitHub is back (its state was given back).
      const done = await callRoute('POST', '/api/deployments/github/callback', buyer, callback);
      expect(done.status, done.body).toBe(200);
      expect(await connected()).toBe(true);
    },
    BUDGET + 30_000,
  );
});
