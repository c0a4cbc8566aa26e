/**
 * Deployment states: initializing → repo_created → processing → deployed or
 * completed, or error / failed. The Netlify callback polls every 5 s and stops after 10 min;
 * the states and timings are the contract's.
 */
import { DEPLOY_CONTINUE_MESSAGES } from '@contract/deploy-messages';
import {
  DEPLOYMENT_POLL_INTERVAL_MS,
  DEPLOYMENT_POLL_LIMIT_MS,
  isDeploymentFailed,
  isDeploymentFinished,
  type DeploymentStatus,
} from '@contract/deployment-status';

export {
  DEPLOYMENT_POLL_INTERVAL_MS,
  DEPLOYMENT_POLL_LIMIT_MS,
  NETLIFY_REDIRECT_DELAY_MS,
} from '@contract/deployment-status';

export type DeploymentPhase = 'pending' | 'succeeded' | 'failed';

export function deploymentPhase(status: string | undefined): DeploymentPhase {
  if (status === undefined) return 'pending';
  if (isDeploymentFinished(status)) return 'succeeded';
  return isDeploymentFailed(status) ? 'failed' : 'pending';
}

/** A step of the deployment is running: neither finished, failed nor stopped (Continue). */
export function isDeploymentPending(deployment: { status: string; can_continue: boolean }) {
  return deploymentPhase(deployment.status) === 'pending' && !deployment.can_continue;
}

/**
 * The react-query `refetchInterval` of the status poll: 5 s while the deployment is pending and
 * the 10 minutes since `startedAt` have not passed, else `false` (stop).
 */
export function pollInterval(
  status: string | undefined,
  startedAt: number,
  now: number = Date.now(),
): number | false {
  if (deploymentPhase(status) !== 'pending') return false;
  return now - startedAt >= DEPLOYMENT_POLL_LIMIT_MS ? false : DEPLOYMENT_POLL_INTERVAL_MS;
}

/** True when the poll gave up while the deployment was still pending. */
export function pollTimedOut(status: string | undefined, startedAt: number, now = Date.now()) {
  return deploymentPhase(status) === 'pending' && now - startedAt >= DEPLOYMENT_POLL_LIMIT_MS;
}

const LABELS: Record<DeploymentStatus, string> = {
  initializing: 'Initializing',
  repo_created: 'Repository created',
  processing: 'Processing',
  deployed: 'Deployed',
  completed: 'Completed',
  error: 'Error',
  failed: 'Failed',
};

export function deploymentStatusLabel(status: string): string {
  return LABELS[status as DeploymentStatus] ?? status;
}

/** Badge colour per phase: green done, red failed, blue in progress. */
export function deploymentStatusColor(status: string): 'green' | 'red' | 'blue' {
  const phase = deploymentPhase(status);
  return phase === 'succeeded' ? 'green' : phase === 'failed' ? 'red' : 'blue';
}

/**
 * One line on where a deployment stands, for the deploy dialog's offer and the dashboard: its
 * failure, what Continue will do, that its site is live, or the step running.
 */
export function deploymentSummary(deployment: {
  status: string;
  can_continue: boolean;
  error_message: string | null;
  repo_name: string;
}): string {
  if (deployment.error_message) return deployment.error_message;
  if (deployment.can_continue) {
    return deployment.status === 'repo_created'
      ? DEPLOY_CONTINUE_MESSAGES.authorizeNetlify
      : DEPLOY_CONTINUE_MESSAGES.stepStopped(deployment.repo_name);
  }
  if (deploymentPhase(deployment.status) === 'succeeded') return DEPLOY_CONTINUE_MESSAGES.siteLive;
  return `${deploymentStatusLabel(deployment.status)}…`;
}
