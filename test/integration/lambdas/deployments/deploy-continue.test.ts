/**
 * Continue: a deployment that stopped resumes from its last finished step with the same
 * repository, through the deployments Lambda's handler against DynamoDB Local, s3rver, the local
 * GitHub and Netlify servers, and the buyer-deploy state machine run in process. GitHub and Netlify
 * are reached through fault proxies of this file's own (test/fixtures/fault-proxy.ts), so a test
 * can make either stop answering: a tab closed before Netlify's authorisation, Netlify down while
 * the site is created, GitHub down while the repository is, a step whose process ended, and a
 * repository created by a run that stopped before recording it. Every time: one repository at
 * GitHub, one download spent, and the message names the service that failed.
 */
import { randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEPLOY_CONTINUE_MESSAGES,
  DEPLOY_MESSAGES,
  type ContinuedDeployment,
  type Deployment,
  type DeploymentList,
} from '../../../../contract/deployments';
import type { HttpMethod } from '../../../../contract/routes';
import type { WorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { createLocalGithubControl } from '../../../../lib/local/servers/github/control-client';
import { createLocalNetlifyControl } from '../../../../lib/local/servers/netlify/control-client';
import { startFaultProxy } from '../../../fixtures/fault-proxy';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import { consentOnGithub } from '../../../fixtures/github-consent';

const cloud = inject('localCloud');
const githubControl = createLocalGithubControl(cloud.github.apiUrl);
const netlifyControl = createLocalNetlifyControl(cloud.netlify.apiUrl);
const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

// Before any handler module reads its configuration: the product talks to GitHub and Netlify
// through these proxies (this file's process only; the servers are the run's).
const githubProxy = await startFaultProxy(cloud.github.apiUrl);
const netlifyProxy = await startFaultProxy(cloud.netlify.apiUrl);
process.env.GITHUB_API_URL = githubProxy.endpoint;
process.env.NETLIFY_API_URL = netlifyProxy.endpoint;

const { dispatch } = await import('../../../fixtures/dispatch');
const { apiEvent, idTokenClaims, jsonBody, lambdaContext } =
  await import('../../../fixtures/api-event');
const { putProfile, storedEntitlement } = await import('../../../fixtures/profiles');
const { seedTemplate } = await import('../../../fixtures/template-items');
const { putObject } = await import('../../../../lambdas/shared/storage/s3');
const { config } = await import('../../../../lambdas/shared/config');
const { DeploymentEntity } = await import('../../../../lambdas/shared/db/entities/deployment');
const { setWorkflowRunner } = await import('../../../../lambdas/shared/adapters/workflow');

const { runner, settled } = useLocalWorkflows();

afterAll(async () => {
  await githubProxy.close();
  await netlifyProxy.close();
});

interface Caller {
  sub: string;
  claims: Record<string, string>;
  login: string;
}

const call = async <T>(
  method: HttpMethod,
  path: string,
  caller: Pick<Caller, 'claims'>,
  body?: unknown,
): Promise<{ status: number; body: T }> => {
  const result = await dispatch(
    apiEvent({ method, path, body, claims: caller.claims }),
    lambdaContext('deployments'),
  );
  return {
    status: result.statusCode ?? 0,
    body: result.body ? jsonBody<T>(result) : (undefined as T),
  };
};

/** Executions started from here on, by name; `hold` keeps them until `release()`. */
const watchExecutions = (options: { hold?: boolean } = {}) => {
  const names: string[] = [];
  const held: (() => Promise<void>)[] = [];
  const watching: WorkflowRunner = {
    start: async (workflow, input, name) => {
      names.push(name);
      if (options.hold) held.push(() => runner.start(workflow, input, name));
      else await runner.start(workflow, input, name);
    },
  };
  setWorkflowRunner(watching);
  return {
    names,
    release: async () => {
      setWorkflowRunner(runner);
      await Promise.all(held.map((start) => start()));
    },
    stop: () => setWorkflowRunner(runner),
  };
};

/** A buyer with 5 downloads and GitHub connected through the consent round trip. */
const connectedBuyer = async (): Promise<Caller> => {
  const sub = `continue-${randomUUID()}`;
  const login = `cont-${randomUUID().slice(0, 8)}`;
  await putProfile({
    id: sub,
    email: `${sub}@example.com`,
    role: 'buyer',
    is_seller_approved: false,
    downloads_remaining: 5,
    download_quota: 5,
  });
  const caller = { sub, login, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
  await githubControl.createUser({ login });
  const started = await call<{ url: string }>(
    'POST',
    '/api/deployments/github/authorize-url',
    caller,
    {},
  );
  const done = await call(
    'POST',
    '/api/deployments/github/callback',
    caller,
    await consentOnGithub(cloud.github.apiUrl, started.body.url, login),
  );
  expect(done.status).toBe(200);
  return caller;
};

/** Netlify's consent page answered by its first account: the callback's code and state. */
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

const downloadsLeft = async (caller: Caller) =>
  (await storedEntitlement(caller.sub))?.downloads_remaining;

/** How many repositories the buyer's GitHub account holds. */
const repositoriesOf = async (caller: Caller) => {
  const octokit = new Octokit({
    baseUrl: cloud.github.apiUrl,
    auth: await githubControl.createToken(caller.login, ['repo']),
    log: silentLog,
  });
  const { data } = await octokit.rest.users.getAuthenticated();
  return (data as { owned_private_repos?: number }).owned_private_repos! + data.public_repos;
};

const deploymentOf = async (caller: Caller, id: string) =>
  (await call<Deployment>('GET', `/api/deployments/${id}`, caller)).body;

let templateId: string;

beforeAll(async () => {
  const template = await seedTemplate(`continue-seller-${randomUUID()}`, {
    version_number: '1.0.0',
  });
  templateId = template.id;
  await putObject({
    bucket: config().MVP_FILES_BUCKET,
    key: template.file_key!,
    body: zipSync({
      'starter/netlify.toml': strToU8('[build]\n  publish = "public"\n'),
      'starter/public/index.html': strToU8('<!doctype html><h1>Continued</h1>\n'),
    }),
    contentType: 'application/zip',
  });
});

/** Starts a deployment of the template as `caller` and waits for its repository step. */
const deploy = async (caller: Caller, repoName: string) => {
  const started = await call<{ deployment_id: string }>('POST', '/api/deployments', caller, {
    mvp_id: templateId,
    repo_name: repoName,
  });
  expect(started.status).toBe(202);
  await settled();
  return started.body.deployment_id;
};

describe('Continue', () => {
  it('resumes a deploy whose tab closed before Netlify: same repository, one download', async () => {
    const buyer = await connectedBuyer();
    const id = await deploy(buyer, 'closed-tab');
    // The tab closed here: the repository exists, Netlify was never authorised.
    const list = await call<DeploymentList>('GET', '/api/my/deployments', buyer);
    expect(list.body.items[0]).toMatchObject({ id, status: 'repo_created', can_continue: true });

    const continued = await call<ContinuedDeployment>(
      'POST',
      `/api/deployments/${id}/resume`,
      buyer,
    );
    expect(continued).toMatchObject({
      status: 200,
      body: { next: 'authorize_netlify', status: 'repo_created' },
    });
    const done = await call(
      'POST',
      '/api/deployments/netlify/callback',
      buyer,
      await consentOnNetlify(continued.body.authorize_url!),
    );
    expect(done.status).toBe(200);
    await settled();

    const deployment = await deploymentOf(buyer, id);
    expect(deployment).toMatchObject({ status: 'completed', can_continue: false });
    expect(await (await fetch(deployment.netlify_site_url!)).text()).toContain('Continued');
    expect(await repositoriesOf(buyer)).toBe(1);
    expect(await downloadsLeft(buyer)).toBe(4);
    // Finished: nothing left to continue.
    const again = await call<{ message: string }>('POST', `/api/deployments/${id}/resume`, buyer);
    expect(again).toMatchObject({
      status: 409,
      body: { message: DEPLOY_CONTINUE_MESSAGES.nothingToContinue },
    });
  });

  it('says Netlify did not answer, and a double Continue once it is back is one execution that completes', async () => {
    const buyer = await connectedBuyer();
    const id = await deploy(buyer, 'netlify-down');
    const authorize = await call<{ url: string }>(
      'POST',
      `/api/deployments/${id}/netlify/authorize-url`,
      buyer,
    );
    // The site step is held until Netlify is down, then runs (its retries included).
    const held = watchExecutions({ hold: true });
    const callback = await call(
      'POST',
      '/api/deployments/netlify/callback',
      buyer,
      await consentOnNetlify(authorize.body.url),
    );
    expect(callback.status).toBe(200);
    await netlifyProxy.setMode('refuse');
    await held.release();
    await settled();

    const stopped = await deploymentOf(buyer, id);
    expect(stopped).toMatchObject({
      status: 'failed',
      error_message: DEPLOY_CONTINUE_MESSAGES.netlifyUnavailable('netlify-down'),
      can_continue: true,
    });
    expect(stopped.error_message).not.toMatch(/could not build/);

    await netlifyProxy.setMode('pass');
    const executions = watchExecutions();
    const [first, second] = await Promise.all([
      call<ContinuedDeployment>('POST', `/api/deployments/${id}/resume`, buyer),
      call<ContinuedDeployment>('POST', `/api/deployments/${id}/resume`, buyer),
    ]);
    executions.stop();
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.body.next).toBe('running');
    expect(second.body.next).toBe('running');
    expect(executions.names).toEqual([`${id}-site-continued-1`]);
    await settled();

    const deployment = await deploymentOf(buyer, id);
    expect(deployment).toMatchObject({ status: 'completed', error_message: null });
    expect(await (await fetch(deployment.netlify_site_url!)).text()).toContain('Continued');
    const sites = (await netlifyControl.sites()).filter((site) =>
      site.name?.startsWith('netlify-down-'),
    );
    expect(sites).toHaveLength(1);
    expect(await repositoriesOf(buyer)).toBe(1);
    expect(await downloadsLeft(buyer)).toBe(4);
  });

  it('continues a deployment stopped while its site was polled with the same site', async () => {
    const buyer = await connectedBuyer();
    const id = await deploy(buyer, 'polled');
    const authorize = await call<{ url: string }>(
      'POST',
      `/api/deployments/${id}/netlify/authorize-url`,
      buyer,
    );
    await call(
      'POST',
      '/api/deployments/netlify/callback',
      buyer,
      await consentOnNetlify(authorize.body.url),
    );
    await settled();
    const { data: built } = await DeploymentEntity.get({ id }).go();
    expect(built?.netlify_site_id).toBeDefined();
    // As if the process polling the site had ended: the site exists, the deployment stopped.
    const long = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await DeploymentEntity.patch({ id })
      .set({ status: 'processing', updated_at: long })
      .remove(['netlify_deploy_id'])
      .go();
    const executions = watchExecutions();
    const continued = await call<ContinuedDeployment>(
      'POST',
      `/api/deployments/${id}/resume`,
      buyer,
    );
    executions.stop();
    expect(continued).toMatchObject({ status: 202, body: { next: 'running' } });
    expect(executions.names).toEqual([`${id}-site-continued-1`]);
    await settled();
    const { data: after } = await DeploymentEntity.get({ id }).go();
    expect(after).toMatchObject({ status: 'completed', netlify_site_id: built!.netlify_site_id });
    const sites = (await netlifyControl.sites()).filter((site) => site.name?.startsWith('polled-'));
    expect(sites).toHaveLength(1);
    expect(await repositoriesOf(buyer)).toBe(1);
    expect(await downloadsLeft(buyer)).toBe(4);
  });

  it('says GitHub did not answer, and Continue makes the repository once GitHub is back', async () => {
    const buyer = await connectedBuyer();
    const held = watchExecutions({ hold: true });
    const started = await call<{ deployment_id: string }>('POST', '/api/deployments', buyer, {
      mvp_id: templateId,
      repo_name: 'github-down',
    });
    await githubProxy.setMode('refuse');
    await held.release();
    await settled();
    const id = started.body.deployment_id;
    expect(await deploymentOf(buyer, id)).toMatchObject({
      status: 'failed',
      error_message: DEPLOY_CONTINUE_MESSAGES.githubUnavailable('github-down'),
      can_continue: true,
    });

    await githubProxy.setMode('pass');
    const continued = await call<ContinuedDeployment>(
      'POST',
      `/api/deployments/${id}/resume`,
      buyer,
    );
    expect(continued).toMatchObject({ status: 202, body: { next: 'running' } });
    await settled();
    expect(await deploymentOf(buyer, id)).toMatchObject({
      status: 'repo_created',
      error_message: null,
    });
    expect(await repositoriesOf(buyer)).toBe(1);
    expect(await downloadsLeft(buyer)).toBe(4);
  }, 90_000);

  it('continues a step whose process ended, and adopts the repository it made but never recorded', async () => {
    const buyer = await connectedBuyer();
    const id = await deploy(buyer, 'restarted');
    // As if the process ended right after GitHub made the repository: nothing of it recorded,
    // the step still `initializing`, and nothing written for longer than a step runs.
    const long = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await DeploymentEntity.patch({ id })
      .set({ status: 'initializing', updated_at: long })
      .remove(['github_repo_url', 'github_repo_id', 'head_sha', 'default_branch'])
      .go();
    expect(await deploymentOf(buyer, id)).toMatchObject({ can_continue: true });

    const continued = await call<ContinuedDeployment>(
      'POST',
      `/api/deployments/${id}/resume`,
      buyer,
    );
    expect(continued).toMatchObject({ status: 202, body: { next: 'running' } });
    await settled();
    const deployment = await deploymentOf(buyer, id);
    expect(deployment).toMatchObject({ status: 'repo_created', error_message: null });
    expect(deployment.github_repo_url).toContain(`/${buyer.login}/restarted`);
    expect(await repositoriesOf(buyer)).toBe(1);
    expect(await downloadsLeft(buyer)).toBe(4);
  });

  it('Deploy under the name of an unfinished deployment of the same template continues it, spending nothing', async () => {
    const buyer = await connectedBuyer();
    const id = await deploy(buyer, 'twice');
    const again = await call<{ deployment_id: string }>('POST', '/api/deployments', buyer, {
      mvp_id: templateId,
      repo_name: 'twice',
    });
    expect(again).toMatchObject({ status: 202, body: { deployment_id: id } });
    expect(await repositoriesOf(buyer)).toBe(1);
    expect(await downloadsLeft(buyer)).toBe(4);
    const list = await call<DeploymentList>('GET', '/api/my/deployments', buyer);
    expect(list.body.items).toHaveLength(1);
  });

  it('takes a new name after an unrelated repository held it, and refuses one once the repository exists', async () => {
    const buyer = await connectedBuyer();
    const octokit = new Octokit({
      baseUrl: cloud.github.apiUrl,
      auth: await githubControl.createToken(buyer.login, ['repo']),
      log: silentLog,
    });
    await octokit.rest.repos.createForAuthenticatedUser({ name: 'already-there' });
    const id = await deploy(buyer, 'already-there');
    expect(await deploymentOf(buyer, id)).toMatchObject({
      status: 'failed',
      error_message: DEPLOY_CONTINUE_MESSAGES.nameTaken('already-there'),
      can_continue: true,
    });
    const renamed = await call<ContinuedDeployment>(
      'POST',
      `/api/deployments/${id}/resume`,
      buyer,
      { repo_name: 'Fresh Name' },
    );
    expect(renamed.status).toBe(202);
    await settled();
    expect(await deploymentOf(buyer, id)).toMatchObject({
      status: 'repo_created',
      repo_name: 'fresh-name',
    });
    expect(await repositoriesOf(buyer)).toBe(2);
    expect(await downloadsLeft(buyer)).toBe(4);

    const late = await call<{ message: string }>('POST', `/api/deployments/${id}/resume`, buyer, {
      repo_name: 'other',
    });
    expect(late).toMatchObject({
      status: 409,
      body: { message: DEPLOY_CONTINUE_MESSAGES.renameTooLate },
    });
  });

  it("answers 404 to anyone else's Continue and 400 to a body it does not take", async () => {
    const buyer = await connectedBuyer();
    const other = await connectedBuyer();
    const id = await deploy(buyer, 'mine-only');
    const executions = watchExecutions();
    const stolen = await call<{ message: string }>('POST', `/api/deployments/${id}/resume`, other);
    const odd = await call<{ message: string }>('POST', `/api/deployments/${id}/resume`, buyer, {
      repo_name: 'x',
      status: 'completed',
    });
    const badName = await call<{ message: string }>(
      'POST',
      `/api/deployments/${id}/resume`,
      buyer,
      { repo_name: '' },
    );
    executions.stop();
    expect(stolen.status).toBe(404);
    expect(odd).toMatchObject({
      status: 400,
      body: { message: 'Continue takes only a new repository name.' },
    });
    expect(badName).toMatchObject({
      status: 400,
      body: { message: DEPLOY_MESSAGES.repoMissingInformation },
    });
    expect(executions.names).toEqual([]);
    expect(await deploymentOf(buyer, id)).toMatchObject({ status: 'repo_created' });
  });
});
