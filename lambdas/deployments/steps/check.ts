/**
 * buyer-deploy, the poll of the site step: the site's latest Netlify deploy.
 *
 * - `ready`: the site's address is asked (live-check.ts): only when it answers the built page is
 *   the deployment `completed`, with the home page's MVPs Launched counted once (Y6). A site that
 *   publishes the repository's files fails at once; one that does not answer yet is asked again
 *   at the next polls, then fails with what it answered.
 * - `error`: `failed` with Netlify's reason and the end of its build log (the failed deploy's
 *   summary details it), without credentials.
 * - still building after MAX_POLLS: `failed`.
 */
import { businessMetrics } from '../../../contract/design/metrics';
import { countFact } from '../../shared/business-metrics';
import { netlifyErrorStatus } from '../../shared/adapters/netlify';
import { DEPLOY_MESSAGES } from '../../../contract/deployments';
import { logger } from '../../shared/observability';
import { completeDeployment, getDeployment, recordDeploymentFields } from '../repo';
import { netlifyOfBuyer } from './netlify-client';
import { MAX_POLLS, fail, now, transientOr, type CheckResult, type StepInput } from './common';
import { checkLiveSite, logTailOf } from './live-check';

interface NetlifyDeploy {
  id: string;
  state: string;
  error_message?: string | null;
  /** Not in Netlify's OpenAPI, returned all the same: a failure's details hold the log's end. */
  summary?: { messages?: { type?: string; details?: string | null }[] } | null;
}

/** Requests to a ready site's address before it counts as not serving the built page. */
export const URL_CHECK_ATTEMPTS = 3;

type Item = NonNullable<Awaited<ReturnType<typeof getDeployment>>>;

/** A ready deploy: completed once the site's address answers the built page. */
const completeWhenLive = async (item: Item, latest: NetlifyDeploy): Promise<CheckResult> => {
  const check = await checkLiveSite(item.netlify_site_url ?? '', item.site_settings);
  if (!check.live) {
    const attempts = (item.url_checks ?? 0) + 1;
    if (check.retry && attempts < URL_CHECK_ATTEMPTS && (item.polls ?? 0) + 1 < MAX_POLLS) {
      await recordDeploymentFields(
        item.id,
        { url_checks: attempts, polls: (item.polls ?? 0) + 1, netlify_deploy_id: latest.id },
        now(),
      );
      return { ok: true, done: false };
    }
    logger.warn('Site not serving its build', { deploymentId: item.id, reason: check.reason });
    return { ...(await fail(item, ['processing'], check.reason!)), done: false };
  }
  const completed = await completeDeployment(
    item.id,
    'processing',
    { netlify_deploy_id: latest.id },
    now(),
  );
  logger.info('Deployment completed', { deploymentId: item.id });
  if (completed) countFact(businessMetrics.deploysSucceeded);
  return { ok: completed, done: completed };
};

/** A failed build: Netlify's reason, and its log's end kept for the buyer. */
const failBuild = async (item: Item, latest: NetlifyDeploy): Promise<CheckResult> => {
  const reason = latest.error_message?.trim();
  const details = latest.summary?.messages?.find((message) => message.type === 'error')?.details;
  const tail = logTailOf(details);
  if (tail) await recordDeploymentFields(item.id, { build_log_tail: tail }, now());
  return {
    ...(await fail(
      item,
      ['processing'],
      reason ? `${DEPLOY_MESSAGES.siteFailed}: ${reason}` : DEPLOY_MESSAGES.siteFailed,
    )),
    done: false,
  };
};

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
  if (latest?.state === 'ready') return completeWhenLive(item, latest);
  if (latest?.state === 'error') return failBuild(item, latest);
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
