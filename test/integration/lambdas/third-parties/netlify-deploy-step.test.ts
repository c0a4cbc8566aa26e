/**
 * Netlify hanging while a deploy's site step waits on it: the run's local Netlify server reached
 * through a fault proxy of this file's own (test/fixtures/fault-proxy.ts) accepts connections and
 * never answers. The site's check (a buyer-deploy task) fails within Netlify's budget
 * (contract/third-parties.ts) with NetlifyUnavailableError, the TransientError the state machine
 * retries, instead of waiting until its function's timeout; the state machine, run in process as
 * the local stack runs it, retries it and ends the deployment failed with the message that says
 * Netlify did not answer and the repository is safe, never a raw error. (For the state machine's
 * part Netlify refuses connections: the step fails with the same error at once, so its five tries
 * take seconds instead of five budgets, 40 s of waiting for what the first test already proves.)
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEPLOY_CONTINUE_MESSAGES } from '../../../../contract/deployments';
import { worstCaseMs } from '../../../../contract/third-parties';
import { startFaultProxy } from '../../../fixtures/fault-proxy';
import { outageBound, timed } from '../../../fixtures/third-party-outage';

const cloud = inject('localCloud');

// Before any module reads its configuration: the product talks to Netlify's API through this
// proxy (this file's process only; the server is the run's).
const netlifyProxy = await startFaultProxy(cloud.netlify.apiUrl);
process.env.NETLIFY_API_URL = netlifyProxy.endpoint;

const { putProfile } = await import('../../../fixtures/profiles');
const { useLocalWorkflows } = await import('../../../fixtures/local-workflows');
const { DeploymentEntity } = await import('../../../../lambdas/shared/db/entities/deployment');
const { storeToken } = await import('../../../../lambdas/deployments/tokens');
const { checkSite } = await import('../../../../lambdas/deployments/steps/check');
const { NetlifyUnavailableError } = await import('../../../../lambdas/deployments/steps/common');
const { TransientError } = await import('../../../../lambdas/shared/errors');

const { runner, settled } = useLocalWorkflows();

afterAll(() => netlifyProxy.close());

const BUDGET = outageBound(worstCaseMs('netlify'));
/** CheckSite's tries in buyer-deploy.asl.json (the first and its 4 retries). */
const CHECK_TRIES = 5;

/** A buyer whose deployment has its repository and Netlify site, waiting for the build. */
const deploymentBuilding = async () => {
  const sub = `netlify-step-${randomUUID()}`;
  await putProfile({ id: sub, email: `${sub}@example.com`, role: 'buyer' });
  await storeToken(sub, 'netlify', `local-token-${randomUUID()}`, {});
  const id = ulid();
  const now = new Date().toISOString();
  await DeploymentEntity.create({
    id,
    user_id: sub,
    mvp_id: ulid(),
    repo_name: 'hanging-kit',
    status: 'processing',
    github_owner: 'octo',
    github_repo_url: 'https://github.com/octo/hanging-kit',
    netlify_site_id: `site-${randomUUID()}`,
    netlify_site_name: 'hanging-kit-site',
    netlify_site_url: 'https://hanging-kit-site.netlify.app',
    polls: 0,
    mvp_title: 'Hanging Kit',
    mvp_slug: 'hanging-kit',
    created_at: now,
    updated_at: now,
  }).go();
  return id;
};

describe('Netlify not answering during a deploy step', () => {
  afterAll(() => netlifyProxy.setMode('pass'));

  it(
    "the site's check fails within Netlify's budget with the error the state machine retries",
    async () => {
      const deploymentId = await deploymentBuilding();
      await netlifyProxy.setMode('hang');
      const { result, ms } = await timed(() =>
        checkSite({ deploymentId }).then(
          () => null,
          (error: unknown) => error,
        ),
      );
      expect(result).toBeInstanceOf(NetlifyUnavailableError);
      expect(result).toBeInstanceOf(TransientError);
      expect(ms).toBeLessThan(BUDGET);
      // Nothing was decided meanwhile: the deployment still waits for its build.
      expect((await DeploymentEntity.get({ id: deploymentId }).go()).data?.status).toBe(
        'processing',
      );
    },
    BUDGET + 30_000,
  );

  it(
    'the deployment ends failed with the message that Netlify did not answer',
    async () => {
      const deploymentId = await deploymentBuilding();
      await netlifyProxy.setMode('refuse');
      await runner.start(
        'buyer-deploy',
        { deploymentId, phase: 'site', pollSeconds: 1 },
        `${deploymentId}-site`,
      );
      await settled();
      const item = (await DeploymentEntity.get({ id: deploymentId }).go()).data;
      expect(item?.status).toBe('failed');
      expect(item?.error_message).toBe(DEPLOY_CONTINUE_MESSAGES.netlifyUnavailable('hanging-kit'));
    },
    CHECK_TRIES * BUDGET + 30_000,
  );
});
