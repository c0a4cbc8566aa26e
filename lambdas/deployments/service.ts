/**
 * Buyer deployments (see docs/product.md, Deploy to GitHub and Netlify): starting one,
 * the Netlify step, the owner's views of them, and upgrade pull requests.
 *
 * The flow: GitHub connected (connections.ts) → `startDeployment` spends a download exactly as
 * Download does (lambdas/downloads/service.ts `spendDownload`: entitlement, quota, daily limit,
 * licence, "download again" free within the quota period) and starts buyer-deploy's repository
 * step (a private repository with the template's files in one commit: `repo_created`) → the page
 * sends the buyer to Netlify's authorisation (`netlifyAuthorization`) → the callback
 * (`completeNetlifyStep`) stores the token and starts the site step (`processing`, then the site is
 * created from the repository and polled until `completed`, or `failed` with its message).
 *
 * A deployment that stopped before its site was live (a failed step, the tab closed before
 * Netlify's authorisation, a step whose process ended) is continued (`continueMyDeployment`) from
 * its last finished step with the same repository, never spending another download.
 *
 * Ownership: a deployment is its buyer's; anyone else is answered 404 as if it did not exist.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { ulid } from 'ulid';
import { getApprovedTemplateItem, type TemplateItem } from '../catalog/template-items';
import { requireFileAccess } from '../downloads/service';
import { spendDownload } from '../downloads/spend';
import { previewUrl } from '../../contract/catalog';
import {
  DEPLOY_MESSAGES,
  isDeploymentFinished,
  type CreateDeploymentBody,
  type CreatedDeployment,
  type Deployment,
  type DeploymentList,
  type DeploymentStatus,
  type NetlifyCallbackResult,
  type OAuthCallbackBody,
  type UpgradePullRequest,
} from '../../contract/deployments';
import { ConflictError, DependencyFailedError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import { completeNetlifyConnection, githubLoginOf, netlifyAuthorizeUrlFor } from './connections';
import {
  createDeployment,
  listDeploymentsByUser,
  recordDeploymentFields,
  transitionDeployment,
  type DeploymentItem,
} from './repo';
import { compareVersions } from './versions';
import { storyOf } from './view';
import { continueInstead, continuePointOf, deploymentHoldingName } from './continue';
import { ownDeployment, recordStartFailure, startDeployStep } from './deploy-start';
import { findingsFixedBetween } from '../security/stored-reports';

const toDeployment = (
  item: DeploymentItem,
  latestVersion: string | null,
  securityFixes = 0,
): Deployment => ({
  id: item.id,
  mvp_id: item.mvp_id,
  repo_name: item.repo_name,
  status: item.status as DeploymentStatus,
  error_message: item.error_message ?? null,
  can_continue: continuePointOf(item) !== null,
  repository_only: item.repository_only === true,
  build_log_tail: item.build_log_tail ?? null,
  site_framework: item.site_settings?.framework ?? null,
  github_repo_url: item.github_repo_url ?? null,
  netlify_site_url: item.netlify_site_url ?? null,
  version: item.version_number ?? null,
  latest_version: latestVersion,
  upgrade_status:
    item.upgrade_status && item.upgrade_requested_version === latestVersion
      ? item.upgrade_status
      : null,
  upgrade_error:
    item.upgrade_status === 'failed' && item.upgrade_requested_version === latestVersion
      ? item.upgrade_error || DEPLOY_MESSAGES.upgradeFailed
      : null,
  upgrade_available:
    isDeploymentFinished(item.status) &&
    item.github_repo_url !== undefined &&
    latestVersion !== null &&
    item.version_number !== undefined &&
    compareVersions(latestVersion, item.version_number) > 0,
  upgrade_security_fixes: securityFixes,
  pull_request_url:
    item.upgrade_version !== undefined && item.upgrade_version === latestVersion
      ? (item.upgrade_pr_url ?? null)
      : null,
  story: storyOf(item),
  story_text: {
    title: item.story_title ?? item.repo_name,
    description: item.story_description ?? null,
  },
  created_at: item.created_at,
  updated_at: item.updated_at,
  mvp: {
    title: item.mvp_title,
    slug: item.mvp_slug,
    preview_images: item.mvp_preview_image_key ? [previewUrl(item.mvp_preview_image_key)] : [],
  },
});

/**
 * The deployment as its owner sees it; an available upgrade says how many advisories it fixes
 * (the same comparison as the pull request's body, lambdas/deployments/steps/upgrade.ts).
 */
const deploymentView = async (
  item: DeploymentItem,
  latestVersion: string | null,
): Promise<Deployment> => {
  const view = toDeployment(item, latestVersion);
  if (!view.upgrade_available || !item.version_number || !latestVersion) return view;
  const fixes = await findingsFixedBetween(item.mvp_id, item.version_number, latestVersion);
  return fixes.length > 0 ? toDeployment(item, latestVersion, fixes.length) : view;
};

/** The template's approved version, or null when it is no longer in the catalog. */
const latestVersionOf = async (templateId: string): Promise<string | null> => {
  try {
    return (await getApprovedTemplateItem(templateId)).version_number;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
};

/** Y1: a new deployment of `mvp`, `initializing`, with the template's card copied in; its id. */
export const recordNewDeployment = async (input: {
  userId: string;
  template: Pick<TemplateItem, 'id' | 'title' | 'slug' | 'preview_image_keys'>;
  repoName: string;
  githubOwner: string;
}): Promise<string> => {
  const now = new Date().toISOString();
  const id = ulid();
  await createDeployment({
    id,
    user_id: input.userId,
    mvp_id: input.template.id,
    repo_name: input.repoName,
    status: 'initializing',
    github_owner: input.githubOwner,
    mvp_title: input.template.title,
    mvp_slug: input.template.slug,
    ...(input.template.preview_image_keys[0] !== undefined && {
      mvp_preview_image_key: input.template.preview_image_keys[0],
    }),
    created_at: now,
    updated_at: now,
  });
  return id;
};

/**
 * create-buyer-repo-and-push-mvp: GitHub must be connected; the download is spent
 * (403/429 with Download's messages when it may not be); the deployment is written
 * `initializing` and the repository step started. A failure to start marks it failed.
 */
export const startDeployment = async (
  userId: string,
  body: Required<Pick<CreateDeploymentBody, 'mvp_id'>> & { repo_name: string },
): Promise<CreatedDeployment> => {
  const githubLogin = await githubLoginOf(userId);
  if (!githubLogin) throw new ConflictError(DEPLOY_MESSAGES.githubNotConnected);
  const earlier = await deploymentHoldingName(userId, githubLogin, body.repo_name);
  if (earlier) return continueInstead(userId, earlier, body.mvp_id);
  const { mvp: template } = await spendDownload(userId, body.mvp_id);
  const id = await recordNewDeployment({
    userId,
    template,
    repoName: body.repo_name,
    githubOwner: githubLogin,
  });
  countFact(businessMetrics.deploysStarted);
  try {
    await startDeployStep(id, 'repository');
  } catch (error) {
    logger.error('The repository step did not start', { deploymentId: id, error });
    await recordStartFailure(id, ['initializing'], DEPLOY_MESSAGES.repoFailed);
    throw new DependencyFailedError(DEPLOY_MESSAGES.repoFailed);
  }
  logger.info('Deployment started', { deploymentId: id, mvpId: template.id });
  return { deployment_id: id, status: 'initializing', message: DEPLOY_MESSAGES.repoStarted };
};

/** get-deployment-status: the caller's deployment. */
export const getMyDeployment = async (userId: string, id: string): Promise<Deployment> => {
  const item = await ownDeployment(userId, id);
  return deploymentView(item, await latestVersionOf(item.mvp_id));
};

/** The caller's deployments, newest first, with their templates. */
export const listMyDeployments = async (userId: string): Promise<DeploymentList> => {
  const items = await listDeploymentsByUser(userId);
  const latest = new Map<string, Promise<string | null>>();
  for (const item of items) {
    if (!latest.has(item.mvp_id)) latest.set(item.mvp_id, latestVersionOf(item.mvp_id));
  }
  return {
    items: await Promise.all(
      items.map(async (item) => deploymentView(item, await latest.get(item.mvp_id)!)),
    ),
  };
};

/** initiate-netlify-oauth: only once the repository exists (`repo_created`). */
export const netlifyAuthorization = async (userId: string, id: string) => {
  const item = await ownDeployment(userId, id);
  if (item.status !== 'repo_created') throw new ConflictError(DEPLOY_MESSAGES.notReadyForNetlify);
  return netlifyAuthorizeUrlFor(userId, id);
};

/**
 * handle-netlify-callback: the token stored (connections.ts), the deployment
 * moved `repo_created → processing` and the site step started. The site's URL is known once the
 * step has created it; the page polls the deployment for it.
 */
export const completeNetlifyStep = async (
  userId: string,
  body: OAuthCallbackBody,
): Promise<NetlifyCallbackResult> => {
  const deploymentId = await completeNetlifyConnection(userId, body);
  const item = await ownDeployment(userId, deploymentId);
  if (item.status === 'repo_created') {
    const now = new Date().toISOString();
    const moved = await transitionDeployment(
      item.id,
      ['repo_created'],
      { status: 'processing', netlify_authorized_at: now, polls: 0 },
      now,
    );
    if (!moved) throw new ConflictError(DEPLOY_MESSAGES.deploymentNotFound);
  } else if (item.status !== 'processing') {
    throw new ConflictError(DEPLOY_MESSAGES.notReadyForNetlify);
  }
  try {
    await startDeployStep(item.id, 'site');
  } catch (error) {
    logger.error('The site step did not start', { deploymentId: item.id, error });
    await recordStartFailure(item.id, ['processing'], DEPLOY_MESSAGES.netlifyFailed);
    throw new DependencyFailedError(DEPLOY_MESSAGES.netlifyFailed);
  }
  return {
    success: true,
    message: DEPLOY_MESSAGES.netlifyConnected,
    netlify_site_url: item.netlify_site_url ?? null,
    deployment_id: item.id,
  };
};

/**
 * Our addition: "Open upgrade pull request". The work (the new version's
 * files, a branch, a pull request with the changelogs) runs as buyer-deploy's `upgrade` phase
 * (steps/upgrade.ts); this answers at once: the pull request already opened for the latest
 * version, or `opening` (the dashboard polls the list until it is there). Idempotent: asking again
 * while it is being opened starts nothing new.
 */
export const openUpgradePullRequest = async (
  userId: string,
  id: string,
): Promise<UpgradePullRequest> => {
  const item = await ownDeployment(userId, id);
  if (
    !isDeploymentFinished(item.status) ||
    !item.github_repo_url ||
    !item.github_owner ||
    !item.version_number
  ) {
    throw new ConflictError(DEPLOY_MESSAGES.upgradeNotReady);
  }
  // The new version's files are the template's files: only for a buyer whose licence still covers
  // them (a refunded payment revokes it; lambdas/downloads/access.ts).
  await requireFileAccess(userId, item.mvp_id);
  const template = await getApprovedTemplateItem(item.mvp_id);
  if (compareVersions(template.version_number, item.version_number) <= 0) {
    throw new ConflictError(DEPLOY_MESSAGES.noUpgrade);
  }
  const version = template.version_number;
  if (item.upgrade_version === version && item.upgrade_pr_url) {
    return {
      status: 'opened',
      pull_request_url: item.upgrade_pr_url,
      number: item.upgrade_pr_number ?? null,
      version,
      message: DEPLOY_MESSAGES.upgradeOpened,
    };
  }
  const opening = {
    status: 'opening' as const,
    pull_request_url: null,
    number: null,
    version,
    message: DEPLOY_MESSAGES.upgradeOpening,
  };
  if (item.upgrade_status === 'opening' && item.upgrade_requested_version === version) {
    return opening;
  }
  await recordDeploymentFields(
    item.id,
    { upgrade_status: 'opening', upgrade_requested_version: version, upgrade_error: '' },
    new Date().toISOString(),
  );
  try {
    // One execution per request: an upgrade that failed can be asked for again.
    await startDeployStep(
      item.id,
      'upgrade',
      `${item.id}-upgrade-${version.replace(/[^0-9A-Za-z-]/g, '-')}-${Date.now()}`,
    );
  } catch (error) {
    logger.error('The upgrade step did not start', { deploymentId: item.id, error });
    await recordDeploymentFields(
      item.id,
      { upgrade_status: 'failed', upgrade_error: DEPLOY_MESSAGES.upgradeFailed },
      new Date().toISOString(),
    );
    throw new DependencyFailedError(DEPLOY_MESSAGES.upgradeFailed);
  }
  return opening;
};

/** Whether the user has deployed the template (the reviews domain's verified-buyer evidence). */
export const hasDeployed = async (userId: string, templateId: string): Promise<boolean> =>
  (await listDeploymentsByUser(userId)).some((item) => item.mvp_id === templateId);
