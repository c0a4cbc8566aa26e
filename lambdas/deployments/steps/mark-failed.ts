/**
 * buyer-deploy's catch-all: what is still pending is marked failed with a message that names the
 * service that did not answer, and says the buyer can press Continue (a failed build is check.ts's
 * own message, never this one).
 */
import { DEPLOY_CONTINUE_MESSAGES, DEPLOY_MESSAGES } from '../../../contract/deployments';
import { getDeployment, recordDeploymentFields, type DeploymentItem } from '../repo';
import { fail, now, type StepInput, type StepResult } from './common';

/** The buyer's message for a step the state machine gave up on, from the error's name. */
const stoppedMessage = (item: DeploymentItem, phase: string, error: string | undefined) => {
  const repo = item.repo_name;
  if (error === 'GithubUnavailableError') return DEPLOY_CONTINUE_MESSAGES.githubUnavailable(repo);
  if (error === 'NetlifyUnavailableError') return DEPLOY_CONTINUE_MESSAGES.netlifyUnavailable(repo);
  if (phase === 'repository') {
    // The repository step talks to GitHub: a step that timed out was waiting on it.
    return error === 'States.Timeout' || error === 'TransientError'
      ? DEPLOY_CONTINUE_MESSAGES.githubUnavailable(repo)
      : DEPLOY_CONTINUE_MESSAGES.repositoryStopped(repo);
  }
  // The site step waits on Netlify's answers most of its time.
  if (error === 'States.Timeout') return DEPLOY_CONTINUE_MESSAGES.netlifyUnavailable(repo);
  return DEPLOY_CONTINUE_MESSAGES.stepStopped(repo);
};

/** The catch-all of the state machine: what is still pending is marked failed with the step's message. */
export const markFailed = async (
  input: StepInput & { phase: string; error?: string },
): Promise<StepResult> => {
  const item = await getDeployment(input.deploymentId);
  if (!item) return { ok: false };
  if (input.phase === 'upgrade') {
    // The deployment itself is fine: only its upgrade failed.
    await recordDeploymentFields(
      item.id,
      { upgrade_status: 'failed', upgrade_error: DEPLOY_MESSAGES.upgradeFailed },
      now(),
    );
    return { ok: false };
  }
  return fail(
    item,
    ['initializing', 'repo_created', 'processing'],
    stoppedMessage(item, input.phase, input.error),
  );
};
