/**
 * Whether a deployment's status is final, apart from deployments.ts: a module without schemas, so
 * that a function that only reads statuses (the security re-check's holders) does not build the
 * deployment routes' schemas at its cold start (docs/architecture.md, Cold starts).
 */

/** Our worker writes `completed` as the success state; `deployed` is accepted too. */
export const isDeploymentFinished = (status: string): boolean =>
  status === 'deployed' || status === 'completed';
export const isDeploymentFailed = (status: string): boolean =>
  status === 'error' || status === 'failed';
