/**
 * Continue (docs/product.md, Deploy to GitHub and Netlify): a deployment that stopped before its
 * site was live resumes from its last finished step with the same repository, and a Deploy under
 * a name the buyer's earlier deployment holds continues that one instead of failing on the name.
 * Nothing here spends a download: the deployment's was spent when it started.
 */
import {
  DEPLOYMENT_STALLED_AFTER_MS,
  DEPLOY_CONTINUE_MESSAGES,
  DEPLOY_MESSAGES,
  isDeploymentFailed,
  isDeploymentFinished,
  type ContinuedDeployment,
  type CreatedDeployment,
  type DeploymentStatus,
} from '../../contract/deployments';
import { ConflictError, DependencyFailedError } from '../shared/errors';
import { logger } from '../shared/observability';
import { netlifyAuthorizeUrlFor } from './connections';
import { ownDeployment, recordStartFailure, startDeployStep } from './deploy-start';
import { continueDeployment, getToken, listDeploymentsByUser, type DeploymentItem } from './repo';

/** The step a stopped deployment continues from. */
type ContinuePoint = 'repository' | 'netlify' | 'site';

/**
 * Where a deployment continues from, or null while its step runs or once its site is live. A
 * deployment has stopped when it failed, when it waits for Netlify's authorisation (the tab was
 * closed), or when its step has written nothing for longer than any step runs (its process ended).
 * Its last finished step decides: no template commit yet → the repository step (which reuses the
 * repository if it exists); no Netlify authorisation for it → Netlify's authorisation; else the
 * site step (which reuses the site if it exists, and polls it).
 */
export const continuePointOf = (item: DeploymentItem, now = Date.now()): ContinuePoint | null => {
  if (isDeploymentFinished(item.status)) return null;
  const stopped =
    isDeploymentFailed(item.status) ||
    item.status === 'repo_created' ||
    now - Date.parse(item.updated_at) >= DEPLOYMENT_STALLED_AFTER_MS;
  if (!stopped) return null;
  if (!item.head_sha) return 'repository';
  // Netlify refused the token it was given: only a new authorisation can get the site step on.
  if (!item.netlify_authorized_at || item.error_message === DEPLOY_MESSAGES.netlifyTokenRevoked) {
    return 'netlify';
  }
  return 'site';
};

/**
 * The caller's deployment whose repository is (or is being) `repoName` in `githubLogin`'s account:
 * one that recorded its repository, or one still running its repository step.
 */
export const deploymentHoldingName = async (
  userId: string,
  githubLogin: string,
  repoName: string,
): Promise<DeploymentItem | undefined> =>
  (await listDeploymentsByUser(userId)).find(
    (item) =>
      item.repo_name === repoName &&
      (item.github_owner ?? githubLogin) === githubLogin &&
      (item.github_repo_url !== undefined ||
        (item.status === 'initializing' && continuePointOf(item) === null)),
  );

/** The answer to a Continue that found the deployment running already (a second press). */
const runningAnswer = (item: DeploymentItem): ContinuedDeployment => ({
  deployment_id: item.id,
  status: item.status as DeploymentStatus,
  next: 'running',
  authorize_url: null,
  message: DEPLOY_CONTINUE_MESSAGES.continuing,
});

/**
 * Continue: the caller's stopped deployment resumes from its last finished step with the same
 * repository. Nothing is spent again (the download was spent when it started).
 *
 * 1. Read the caller's deployment (404 for anyone else's) and where it continues from; a running
 *    one (a second press) is answered as running, a finished one 409.
 * 2. A new repository name only while no repository exists (the name was taken).
 * 3. Netlify's authorisation when it was never given for this deployment (or the token is gone):
 *    the deployment waits for it again (`repo_created`) and the answer carries the URL.
 * 4. Otherwise the step moves back (`initializing` or `processing`) in one conditional write on
 *    the status and `updated_at` read, so of two presses one wins, and the winner starts the
 *    step under an execution name of its own (`<id>-<phase>-continued-<n>`).
 */
export const continueMyDeployment = async (
  userId: string,
  id: string,
  body: { repo_name?: string },
): Promise<ContinuedDeployment> => {
  const item = await ownDeployment(userId, id);
  let point = continuePointOf(item);
  if (!point) {
    if (isDeploymentFinished(item.status)) {
      throw new ConflictError(DEPLOY_CONTINUE_MESSAGES.nothingToContinue);
    }
    return runningAnswer(item);
  }
  const rename = body.repo_name !== undefined && body.repo_name !== item.repo_name;
  if (rename && (point !== 'repository' || item.github_repo_url)) {
    throw new ConflictError(DEPLOY_CONTINUE_MESSAGES.renameTooLate);
  }
  if (rename && item.github_owner) {
    const holder = await deploymentHoldingName(userId, item.github_owner, body.repo_name!);
    if (holder && holder.id !== item.id) {
      throw new ConflictError(
        DEPLOY_CONTINUE_MESSAGES.nameUsedByOtherTemplate(holder.repo_name, holder.mvp_title),
      );
    }
  }
  if (point === 'site' && !(await getToken(userId, 'netlify'))) point = 'netlify';
  const now = new Date().toISOString();
  if (point === 'netlify') {
    if (item.status !== 'repo_created') {
      // A loser of two presses finds it waiting already: the same answer.
      await continueDeployment(
        item,
        { status: 'repo_created' },
        ['error_message', 'netlify_authorized_at'],
        now,
      );
    }
    const { url } = await netlifyAuthorizeUrlFor(userId, item.id);
    return {
      deployment_id: item.id,
      status: 'repo_created',
      next: 'authorize_netlify',
      authorize_url: url,
      message: DEPLOY_CONTINUE_MESSAGES.authorizeNetlify,
    };
  }
  const continued = (item.continued ?? 0) + 1;
  const status = point === 'repository' ? 'initializing' : 'processing';
  const won = await continueDeployment(
    item,
    {
      status,
      continued,
      ...(point === 'site' && { polls: 0 }),
      ...(rename && { repo_name: body.repo_name! }),
    },
    ['error_message'],
    now,
  );
  if (!won) return runningAnswer({ ...item, status });
  const phase = point === 'repository' ? 'repository' : 'site';
  try {
    await startDeployStep(item.id, phase, `${item.id}-${phase}-continued-${continued}`);
  } catch (error) {
    logger.error('A continued step did not start', { deploymentId: item.id, error });
    await recordStartFailure(
      item.id,
      [status],
      DEPLOY_CONTINUE_MESSAGES.stepStopped(body.repo_name ?? item.repo_name),
    );
    throw new DependencyFailedError(DEPLOY_CONTINUE_MESSAGES.stepStopped(item.repo_name));
  }
  logger.info('Deployment continued', { deploymentId: item.id, phase });
  return { ...runningAnswer({ ...item, status }), message: DEPLOY_CONTINUE_MESSAGES.continuing };
};

/**
 * Deploy under a name the caller's earlier deployment holds: the same template's unfinished
 * deployment is continued instead (its repository is this deployment's; nothing is spent); a
 * finished one, or another template's, is refused with words, before anything is spent.
 */
export const continueInstead = async (
  userId: string,
  earlier: DeploymentItem,
  templateId: string,
): Promise<CreatedDeployment> => {
  if (earlier.mvp_id !== templateId) {
    throw new ConflictError(
      DEPLOY_CONTINUE_MESSAGES.nameUsedByOtherTemplate(earlier.repo_name, earlier.mvp_title),
    );
  }
  if (isDeploymentFinished(earlier.status)) {
    throw new ConflictError(DEPLOY_CONTINUE_MESSAGES.alreadyDeployed(earlier.repo_name));
  }
  const continued = await continueMyDeployment(userId, earlier.id, {});
  return {
    deployment_id: earlier.id,
    status: continued.status,
    message: continued.message,
  };
};
