/**
 * Starting a buyer-deploy step, and what the deployments service and Continue share around it:
 * the caller's own deployment (404 for anyone else's) and a step that did not start.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { DEPLOY_MESSAGES } from '../../contract/deployments';
import { countFact } from '../shared/business-metrics';
import { startWorkflow } from '../shared/adapters/workflow';
import { config } from '../shared/config';
import { NotFoundError } from '../shared/errors';
import { getDeployment, transitionDeployment, type DeploymentItem } from './repo';

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
export const ownDeployment = async (userId: string, id: string): Promise<DeploymentItem> => {
  const item = await getDeployment(id);
  if (!item || item.user_id !== userId) throw new NotFoundError(DEPLOY_MESSAGES.deploymentNotFound);
  return item;
};

/** A step that did not start fails its deployment (counted once, by the write that moved it). */
export const recordStartFailure = async (id: string, from: string[], message: string) => {
  const moved = await transitionDeployment(
    id,
    from,
    { status: 'failed', error_message: message },
    new Date().toISOString(),
  );
  if (moved) countFact(businessMetrics.deploysFailed);
};
