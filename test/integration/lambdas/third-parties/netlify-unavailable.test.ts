/**
 * Netlify not answering, through the deployments Lambda's handler against the run's local Netlify
 * server reached through a fault proxy of this file's own (test/fixtures/fault-proxy.ts): first
 * with its port closed, then hanging (connections accepted, never answered). A buyer coming back
 * from Netlify's consent page (the code's exchange and the account's read, while the browser
 * waits) gets 503 with Netlify's one message within Netlify's budget (contract/third-parties.ts),
 * and nothing is half-written: no Netlify token stored, the deployment still waits for Netlify,
 * no site step started. With Netlify back, the same callback passes (its state was given back).
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Connections } from '../../../../contract/deployments';
import type { ApiErrorBody } from '../../../../contract/errors';
import { THIRD_PARTY_UNAVAILABLE_MESSAGES, worstCaseMs } from '../../../../contract/third-parties';
import { createLocalNetlifyControl } from '../../../../lib/local/servers/netlify/control-client';
import { startFaultProxy, type FaultMode } from '../../../fixtures/fault-proxy';
import {
  callRoute,
  outageBound,
  timed,
  type OutageCaller,
} from '../../../fixtures/third-party-outage';

const cloud = inject('localCloud');
const netlifyControl = createLocalNetlifyControl(cloud.netlify.apiUrl);

// Before any handler module reads its configuration: the product talks to Netlify's API through
// this proxy (this file's process only; the server is the run's).
const netlifyProxy = await startFaultProxy(cloud.netlify.apiUrl);
process.env.NETLIFY_API_URL = netlifyProxy.endpoint;

const { idTokenClaims } = await import('../../../fixtures/api-event');
const { putProfile } = await import('../../../fixtures/profiles');
const { DeploymentEntity } = await import('../../../../lambdas/shared/db/entities/deployment');
const { setWorkflowRunner } = await import('../../../../lambdas/shared/adapters/workflow');

afterAll(() => netlifyProxy.close());

// The site step is only recorded: this file is about the callback, not the build.
const started: string[] = [];
setWorkflowRunner({
  start: async (_workflow, _input, name) => {
    started.push(name);
  },
});

const BUDGET = outageBound(worstCaseMs('netlify'));

/** A buyer whose deployment has its repository and now waits for Netlify. */
const buyerWaitingForNetlify = async () => {
  const sub = `netlify-outage-${randomUUID()}`;
  await putProfile({ id: sub, email: `${sub}@example.com`, role: 'buyer' });
  const buyer = { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
  const id = ulid();
  const now = new Date().toISOString();
  await DeploymentEntity.create({
    id,
    user_id: sub,
    mvp_id: ulid(),
    repo_name: 'starter',
    status: 'repo_created',
    github_owner: 'octo',
    github_repo_url: 'https://github.com/octo/starter',
    mvp_title: 'Starter',
    mvp_slug: 'starter',
    created_at: now,
    updated_at: now,
  }).go();
  return { buyer, id };
};

/** Netlify's consent page answered by its first account (directly: the page is not the API). */
const consentOnNetlify = async (buyer: OutageCaller, deploymentId: string) => {
  const authorize = await callRoute(
    'POST',
    `/api/deployments/${deploymentId}/netlify/authorize-url`,
    buyer,
  );
  expect(authorize.status, authorize.body).toBe(200);
  const url = new URL((JSON.parse(authorize.body) as { url: string }).url);
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

describe.each<FaultMode>(['refuse', 'hang'])('Netlify %s', (mode) => {
  afterAll(() => netlifyProxy.setMode('pass'));

  it(
    'the return from its consent page answers 503 naming Netlify, within its budget, with nothing half-written',
    async () => {
      const { buyer, id } = await buyerWaitingForNetlify();
      const callback = await consentOnNetlify(buyer, id);

      await netlifyProxy.setMode(mode);
      const { result, ms } = await timed(() =>
        callRoute('POST', '/api/deployments/netlify/callback', buyer, callback),
      );
      expect(result.status, result.body).toBe(503);
      expect((JSON.parse(result.body) as ApiErrorBody).message).toBe(
        THIRD_PARTY_UNAVAILABLE_MESSAGES.netlify,
      );
      expect(ms).toBeLessThan(BUDGET);

      await netlifyProxy.setMode('pass');
      const connections = await callRoute('GET', '/api/my/connections', buyer);
      expect((JSON.parse(connections.body) as Connections).netlify.connected).toBe(false);
      expect((await DeploymentEntity.get({ id }).go()).data?.status).toBe('repo_created');
      expect(started.filter((name) => name.includes(id))).toEqual([]);

      // Netlify is back: the same callback passes, once.
      const back = await callRoute('POST', '/api/deployments/netlify/callback', buyer, callback);
      expect(back.status, back.body).toBe(200);
      expect(started).toContain(`${id}-site`);
      expect((await DeploymentEntity.get({ id }).go()).data?.status).toBe('processing');
      const after = await callRoute('GET', '/api/my/connections', buyer);
      expect((JSON.parse(after.body) as Connections).netlify.connected).toBe(true);
    },
    2 * BUDGET + 30_000,
  );
});
