/** buyer-deploy's catch-all: what is still pending is marked failed with the step's message. */
import { DEPLOY_MESSAGES } from '../../../contract/deployments';
import { getDeployment, recordDeploymentFields } from '../repo';
import { fail, now, type StepInput, type StepResult } from './common';

/** The catch-all of the state machine: what is still pending is marked failed with the step's message. */
export const markFailed = async (input: StepInput & { phase: string }): Promise<StepResult> => {
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
  const message =
    input.phase === 'repository' ? DEPLOY_MESSAGES.repoFailed : DEPLOY_MESSAGES.siteFailed;
  return fail(
    item,
    ['initializing', 'repo_created', 'processing'],
    `${message}. Please try again.`,
  );
};
