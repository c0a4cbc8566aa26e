/**
 * Deployment states (buyer spec §4): initializing → repo_created → processing → deployed or
 * completed, or error / failed. The Netlify callback polls every 5 s and stops after 10 min (§9).
 */
export const DEPLOYMENT_POLL_INTERVAL_MS = 5000;
export const DEPLOYMENT_POLL_LIMIT_MS = 10 * 60 * 1000;
/** Repository created → Netlify authorisation starts 1.5 s later (§9). */
export const NETLIFY_REDIRECT_DELAY_MS = 1500;

export type DeploymentStatus =
  'initializing' | 'repo_created' | 'processing' | 'deployed' | 'completed' | 'error' | 'failed';

export type DeploymentPhase = 'pending' | 'succeeded' | 'failed';

export function deploymentPhase(status: string | undefined): DeploymentPhase {
  if (status === 'deployed' || status === 'completed') return 'succeeded';
  if (status === 'error' || status === 'failed') return 'failed';
  return 'pending';
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
