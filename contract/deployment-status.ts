/**
 * A deployment's states and whether one is final, and how long the pages poll, apart from
 * deployments.ts (which re-exports them): a module without schemas, so that a function that only
 * reads statuses (the security re-check's holders) does not build the deployment routes' schemas
 * at its cold start, nor a page that only shows them load zod (docs/architecture.md, Cold starts).
 */

/** Our worker writes `completed` as the success state; `deployed` is accepted too. */
export const DEPLOYMENT_STATUSES = [
  'initializing',
  'repo_created',
  'processing',
  'deployed',
  'completed',
  'error',
  'failed',
] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** The page polls every 5 s for at most 10 min; the Netlify redirect waits 1.5 s. */
export const DEPLOYMENT_POLL_INTERVAL_MS = 5000;
export const DEPLOYMENT_POLL_LIMIT_MS = 10 * 60 * 1000;
export const NETLIFY_REDIRECT_DELAY_MS = 1500;

/**
 * A step that has written nothing for this long has stopped (its process ended mid-step): longer
 * than any step runs, including GitHub's 10-minute waits between retries of the repository step.
 */
export const DEPLOYMENT_STALLED_AFTER_MS = 15 * 60 * 1000;

/** Final: finished (either success state) or failed. */
export const isDeploymentFinished = (status: string): boolean =>
  status === 'deployed' || status === 'completed';
export const isDeploymentFailed = (status: string): boolean =>
  status === 'error' || status === 'failed';
