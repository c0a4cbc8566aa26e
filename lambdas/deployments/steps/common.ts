/**
 * What the buyer-deploy steps share (the steps themselves: repository.ts, site.ts, check.ts,
 * mark-failed.ts; the state machine: state-machines/buyer-deploy.asl.json).
 *
 * Each step is safe to run again (Step Functions retries, a redelivered start): it reads the
 * deployment first and does only what is not done yet. A failure the buyer can act on ends the
 * step with `{ ok: false }` after marking the deployment `failed` with a message; GitHub's and
 * Netlify's 5xx, 429 and network errors are GithubUnavailableError or NetlifyUnavailableError
 * (retried by the ASL, then named by MarkFailed's message: the buyer learns which service did not
 * answer, never that the build failed), anything else reaches MarkFailed.
 */
import { businessMetrics } from '../../../contract/design/metrics';
import { countFact } from '../../shared/business-metrics';
import { logger } from '../../shared/observability';
import { ThirdPartyUnavailableError, TransientError } from '../../shared/errors';
import { githubRateLimitWait } from '../../shared/adapters/github';
import { transitionDeployment, type DeploymentItem } from '../repo';

export interface StepInput {
  deploymentId: string;
}

export interface StepResult {
  /** False: the deployment was marked failed (or is no longer this step's). */
  ok: boolean;
}

export interface CheckResult extends StepResult {
  /** True once the site is published (`completed`). */
  done: boolean;
}

/** Polls of one site build before it is given up: 10 minutes at the default 10 s. */
export const MAX_POLLS = 60;

export const now = () => new Date().toISOString();

/** Marks the deployment failed (only from `from`) with the buyer's message. */
export const fail = async (
  item: DeploymentItem,
  from: string[],
  message: string,
): Promise<StepResult> => {
  const moved = await transitionDeployment(
    item.id,
    from,
    { status: 'failed', error_message: message },
    now(),
  );
  if (moved) countFact(businessMetrics.deploysFailed);
  logger.warn('Deployment failed', { deploymentId: item.id, reason: message });
  return { ok: false };
};

/**
 * GitHub asked to wait longer than a step can spend waiting (lambdas/shared/adapters/github-throttle.ts):
 * the state machine's own Retry runs the step again minutes later (docs/operations.md, "Buyer
 * deploys and GitHub's limits"), and only once those retries are spent does the buyer see a failure.
 */
export class GithubRateLimitedError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(
      `GitHub asked us to wait ${retryAfterSeconds} s before writing more; retrying later.`,
      options,
    );
    this.name = 'GithubRateLimitedError';
  }
}

/** Throws GithubRateLimitedError when `error` is GitHub's answer to a limit; else returns. */
export const throwIfRateLimited = (error: unknown): void => {
  const wait = githubRateLimitWait(error);
  if (wait !== undefined) throw new GithubRateLimitedError(wait, { cause: error });
};

/**
 * GitHub did not answer (a 5xx, 429, timeout or refused connection): retried by the state
 * machine, then its message names GitHub (mark-failed.ts). Its name is what the ASL matches.
 */
export class GithubUnavailableError extends TransientError {
  constructor(options?: { cause?: unknown }) {
    super('GitHub did not answer; retrying.', options);
    this.name = 'GithubUnavailableError';
  }
}

/** Netlify did not answer: as GithubUnavailableError, for Netlify. */
export class NetlifyUnavailableError extends TransientError {
  constructor(options?: { cause?: unknown }) {
    super('Netlify did not answer; retrying.', options);
    this.name = 'NetlifyUnavailableError';
  }
}

/**
 * Which service an error came from: the adapter's ThirdPartyUnavailableError names it (a call
 * past its budget); else the shape of each official client's errors: Octokit's
 * RequestError is `HttpError` (a refused connection or a timeout too, as a 500); `@netlify/api`
 * throws `JSONHTTPError`/`TextHTTPError` for an answer and `FetchError` for no answer.
 */
const serviceOf = (error: unknown): 'github' | 'netlify' | undefined => {
  // A call past its budget (shared/adapters/netlify.ts) or refused: the adapter names the service.
  if (error instanceof ThirdPartyUnavailableError) {
    return error.service === 'github' || error.service === 'netlify' ? error.service : undefined;
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'HttpError') return 'github';
  if (name === 'JSONHTTPError' || name === 'TextHTTPError' || name === 'FetchError') {
    return 'netlify';
  }
  return undefined;
};

/** Retries what GitHub or Netlify may answer better in a moment; rethrows the rest. */
export const transientOr = (error: unknown, status: number | undefined): never => {
  if (status === undefined || status >= 500 || status === 429) {
    const service = serviceOf(error);
    if (service === 'github') throw new GithubUnavailableError({ cause: error });
    if (service === 'netlify') throw new NetlifyUnavailableError({ cause: error });
    throw new TransientError('The provider did not answer; retrying.', { cause: error });
  }
  throw error;
};
