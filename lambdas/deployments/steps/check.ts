/**
 * buyer-deploy, the poll of the site step: the site's latest Netlify deploy. `ready` →
 * `completed` with the home page's MVPs Launched counted once (Y6); `error` → `failed` with
 * Netlify's reason; still building after MAX_POLLS → `failed`.
 */
import { businessMetrics } from '../../../contract/design/metrics';
import { countFact } from '../../shared/business-metrics';
import { netlifyErrorStatus } from '../../shared/adapters/netlify';
import { DEPLOY_MESSAGES } from '../../../contract/deployments';
import { logger } from '../../shared/observability';
import { completeDeployment, getDeployment, recordDeploymentFields } from '../repo';
import { netlifyOfBuyer } from './netlify-client';
import { MAX_POLLS, fail, now, transientOr, type CheckResult, type StepInput } from './common';

interface NetlifyDeploy {
  id: string;
  state: string;
  error_message?: string | null;
}

export const checkSite = async ({ deploymentId }: StepInput): Promise<CheckResult> => {
  const item = await getDeployment(deploymentId);
  if (!item || item.status !== 'processing' || !item.netlify_site_id) {
    return { ok: false, done: item?.status === 'completed' };
  }
  const netlify = await netlifyOfBuyer(item.user_id);
  if (!netlify)
    return { ...(await fail(item, ['processing'], DEPLOY_MESSAGES.netlifyFailed)), done: false };
  let deploys: NetlifyDeploy[];
  try {
    deploys = (await netlify.listSiteDeploys({
      site_id: item.netlify_site_id,
      per_page: 1,
    } as never)) as NetlifyDeploy[];
  } catch (error) {
    const status = netlifyErrorStatus(error);
    if (status === 401) {
      return {
        ...(await fail(item, ['processing'], DEPLOY_MESSAGES.netlifyTokenRevoked)),
        done: false,
      };
    }
    if (status === 404) {
      return {
        ...(await fail(
          item,
          ['processing'],
          `${DEPLOY_MESSAGES.siteFailed}: the site was deleted.`,
        )),
        done: false,
      };
    }
    return transientOr(error, status);
  }
  const latest = deploys[0];
  if (latest?.state === 'ready') {
    const completed = await completeDeployment(
      item.id,
      'processing',
      { netlify_deploy_id: latest.id },
      now(),
    );
    logger.info('Deployment completed', { deploymentId: item.id });
    if (completed) countFact(businessMetrics.deploysSucceeded);
    return { ok: completed, done: completed };
  }
  if (latest?.state === 'error') {
    const reason = latest.error_message?.trim();
    return {
      ...(await fail(
        item,
        ['processing'],
        reason ? `${DEPLOY_MESSAGES.siteFailed}: ${reason}` : DEPLOY_MESSAGES.siteFailed,
      )),
      done: false,
    };
  }
  const polls = (item.polls ?? 0) + 1;
  if (polls >= MAX_POLLS) {
    return { ...(await fail(item, ['processing'], DEPLOY_MESSAGES.siteTimedOut)), done: false };
  }
  await recordDeploymentFields(
    item.id,
    { polls, ...(latest && { netlify_deploy_id: latest.id }) },
    now(),
  );
  return { ok: true, done: false };
};
