/**
 * Buyer deployments (buyer spec §4 flow and states, §7; issue 12 parts 2 and 3): starting one,
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
 * Ownership: a deployment is its buyer's; anyone else is answered 404 as if it did not exist.
 */
import { ulid } from 'ulid';
import { getApprovedMvpItem, type MvpItem } from '../catalog/service';
import { spendDownload } from '../downloads/service';
import { startWorkflow } from '../shared/adapters/workflow';
import { previewUrl } from '../shared/contracts/catalog';
import {
  DEPLOY_MESSAGES,
  isDeploymentFinished,
  type CreateDeploymentBody,
  type CreatedDeployment,
  type Deployment,
  type DeploymentList,
  type DeploymentStatus,
  type LaunchStory,
  type LaunchStoryList,
  type NetlifyCallbackResult,
  type OAuthCallbackBody,
  type StoryInput,
  type UpgradePullRequest,
  STORY_MESSAGES,
} from '../shared/contracts/deployments';
import { publicNameOf } from '../shared/contracts/profile';
import { getProfile } from '../profiles/service';
import { ConflictError, DependencyFailedError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import { config } from '../shared/config';
import { completeNetlifyConnection, githubLoginOf, netlifyAuthorizeUrlFor } from './connections';
import {
  createDeployment,
  getDeployment,
  hideStory,
  listDeploymentsByUser,
  listStories,
  showStory,
  recordDeploymentFields,
  transitionDeployment,
  type DeploymentItem,
  type LaunchStoryItem,
} from './repo';
import { compareVersions } from './versions';

export type DeployPhase = 'repository' | 'site' | 'upgrade';

/**
 * Starts one phase of buyer-deploy. The execution name (`<id>-<phase>` unless given) makes a
 * repeated start of the same phase a no-op.
 */
export const startDeployStep = (
  deploymentId: string,
  phase: DeployPhase,
  executionName = `${deploymentId}-${phase}`,
) =>
  startWorkflow(
    'buyer-deploy',
    { deploymentId, phase, pollSeconds: config().DEPLOY_POLL_SECONDS },
    executionName,
  );

/** The caller's deployment, or 404 (also for another user's: its existence is not disclosed). */
const ownDeployment = async (userId: string, id: string): Promise<DeploymentItem> => {
  const item = await getDeployment(id);
  if (!item || item.user_id !== userId) throw new NotFoundError(DEPLOY_MESSAGES.deploymentNotFound);
  return item;
};

const toDeployment = (item: DeploymentItem, latestVersion: string | null): Deployment => ({
  id: item.id,
  mvp_id: item.mvp_id,
  repo_name: item.repo_name,
  status: item.status as DeploymentStatus,
  error_message: item.error_message ?? null,
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
  pull_request_url:
    item.upgrade_version !== undefined && item.upgrade_version === latestVersion
      ? (item.upgrade_pr_url ?? null)
      : null,
  story: item.story_shown_at
    ? {
        title: item.story_title ?? item.repo_name,
        description: item.story_description ?? null,
        shown_at: item.story_shown_at,
      }
    : null,
  created_at: item.created_at,
  updated_at: item.updated_at,
  mvp: {
    title: item.mvp_title,
    slug: item.mvp_slug,
    preview_images: item.mvp_preview_image_key ? [previewUrl(item.mvp_preview_image_key)] : [],
  },
});

/** The template's approved version, or null when it is no longer in the catalog. */
const latestVersionOf = async (mvpId: string): Promise<string | null> => {
  try {
    return (await getApprovedMvpItem(mvpId)).version_number;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
};

/** Y1: a new deployment of `mvp`, `initializing`, with the template's card copied in; its id. */
export const recordNewDeployment = async (input: {
  userId: string;
  mvp: Pick<MvpItem, 'id' | 'title' | 'slug' | 'preview_image_keys'>;
  repoName: string;
  githubOwner: string;
}): Promise<string> => {
  const now = new Date().toISOString();
  const id = ulid();
  await createDeployment({
    id,
    user_id: input.userId,
    mvp_id: input.mvp.id,
    repo_name: input.repoName,
    status: 'initializing',
    github_owner: input.githubOwner,
    mvp_title: input.mvp.title,
    mvp_slug: input.mvp.slug,
    ...(input.mvp.preview_image_keys[0] !== undefined && {
      mvp_preview_image_key: input.mvp.preview_image_keys[0],
    }),
    created_at: now,
    updated_at: now,
  });
  return id;
};

/**
 * create-buyer-repo-and-push-mvp (buyer spec §7): GitHub must be connected; the download is spent
 * (403/429 with Download's messages when it may not be); the deployment is written
 * `initializing` and the repository step started. A failure to start marks it failed.
 */
export const startDeployment = async (
  userId: string,
  body: Required<Pick<CreateDeploymentBody, 'mvp_id'>> & { repo_name: string },
): Promise<CreatedDeployment> => {
  const githubLogin = await githubLoginOf(userId);
  if (!githubLogin) throw new ConflictError(DEPLOY_MESSAGES.githubNotConnected);
  const { mvp } = await spendDownload(userId, body.mvp_id);
  const id = await recordNewDeployment({
    userId,
    mvp,
    repoName: body.repo_name,
    githubOwner: githubLogin,
  });
  try {
    await startDeployStep(id, 'repository');
  } catch (error) {
    logger.error('The repository step did not start', { deploymentId: id, error });
    await transitionDeployment(
      id,
      ['initializing'],
      { status: 'failed', error_message: DEPLOY_MESSAGES.repoFailed },
      new Date().toISOString(),
    );
    throw new DependencyFailedError(DEPLOY_MESSAGES.repoFailed);
  }
  logger.info('Deployment started', { deploymentId: id, mvpId: mvp.id });
  return { deployment_id: id, status: 'initializing', message: DEPLOY_MESSAGES.repoStarted };
};

/** get-deployment-status (buyer spec §7): the caller's deployment. */
export const getMyDeployment = async (userId: string, id: string): Promise<Deployment> => {
  const item = await ownDeployment(userId, id);
  return toDeployment(item, await latestVersionOf(item.mvp_id));
};

/** The caller's deployments, newest first, with their templates (buyer spec §5). */
export const listMyDeployments = async (userId: string): Promise<DeploymentList> => {
  const items = await listDeploymentsByUser(userId);
  const latest = new Map<string, Promise<string | null>>();
  for (const item of items) {
    if (!latest.has(item.mvp_id)) latest.set(item.mvp_id, latestVersionOf(item.mvp_id));
  }
  return {
    items: await Promise.all(
      items.map(async (item) => toDeployment(item, await latest.get(item.mvp_id)!)),
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
 * handle-netlify-callback (buyer spec §7): the token stored (connections.ts), the deployment
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
    const moved = await transitionDeployment(
      item.id,
      ['repo_created'],
      { status: 'processing' },
      new Date().toISOString(),
    );
    if (!moved) throw new ConflictError(DEPLOY_MESSAGES.deploymentNotFound);
  } else if (item.status !== 'processing') {
    throw new ConflictError(DEPLOY_MESSAGES.notReadyForNetlify);
  }
  try {
    await startDeployStep(item.id, 'site');
  } catch (error) {
    logger.error('The site step did not start', { deploymentId: item.id, error });
    await transitionDeployment(
      item.id,
      ['processing'],
      { status: 'failed', error_message: DEPLOY_MESSAGES.netlifyFailed },
      new Date().toISOString(),
    );
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
 * Beyond the spec (issue 12 part 3): "Open upgrade pull request". The work (the new version's
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
  const mvp = await getApprovedMvpItem(item.mvp_id);
  if (compareVersions(mvp.version_number, item.version_number) <= 0) {
    throw new ConflictError(DEPLOY_MESSAGES.noUpgrade);
  }
  const version = mvp.version_number;
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

/** A story as the public sees it: the copied fields, no account ids or e-mail. */
const toLaunchStory = (item: LaunchStoryItem): LaunchStory => ({
  id: item.deployment_id,
  title: item.title,
  description: item.description ?? null,
  maker: item.maker_name,
  site_url: item.site_url,
  shown_at: item.shown_at,
  template: {
    id: item.mvp_id,
    title: item.mvp_title,
    slug: item.mvp_slug,
    preview_image: item.mvp_preview_image_key ? previewUrl(item.mvp_preview_image_key) : null,
  },
});

/** How many times a story change re-reads after a concurrent change of the deployment. */
const STORY_ATTEMPTS = 3;

/**
 * `PUT /api/deployments/{id}/story` (owner only):
 *   1. the caller's own deployment (anyone else: 404),
 *   2. showing needs a launched site (finished, with its Netlify address),
 *   3. the deployment's story fields and the public story item change together; a concurrent
 *      change re-reads (at most three times).
 */
export const setDeploymentStory = async (
  userId: string,
  id: string,
  input: StoryInput,
): Promise<{ deployment: Deployment; message: string }> => {
  for (let attempt = 1; attempt <= STORY_ATTEMPTS; attempt += 1) {
    const item = await ownDeployment(userId, id);
    const now = new Date().toISOString();
    let written: boolean;
    if (input.show) {
      if (!isDeploymentFinished(item.status) || !item.netlify_site_url) {
        throw new ConflictError(STORY_MESSAGES.notLaunched);
      }
      written = await showStory(
        item,
        {
          deployment_id: item.id,
          user_id: item.user_id,
          // The buyer's own name for it (the repository's) unless they give one.
          title: input.title || item.story_title || item.repo_name,
          ...(input.description ? { description: input.description } : {}),
          maker_name: publicNameOf((await getProfile(userId)) ?? { id: userId }),
          site_url: item.netlify_site_url,
          mvp_id: item.mvp_id,
          mvp_title: item.mvp_title,
          mvp_slug: item.mvp_slug,
          ...(item.mvp_preview_image_key
            ? { mvp_preview_image_key: item.mvp_preview_image_key }
            : {}),
          shown_at: item.story_shown_at ?? now,
        },
        now,
      );
    } else {
      written = await hideStory(item, now);
    }
    if (written) {
      return {
        deployment: await getMyDeployment(userId, id),
        message: input.show ? STORY_MESSAGES.shown : STORY_MESSAGES.hidden,
      };
    }
  }
  throw new ConflictError('This deployment changed meanwhile. Please reload and try again.');
};

/** `GET /api/stories` (public): the launched sites their buyers chose to show, newest first. */
export const listLaunchStories = async (): Promise<LaunchStoryList> => ({
  items: (await listStories()).map(toLaunchStory),
});
