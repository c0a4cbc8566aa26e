/**
 * The third parties a request may wait on (Stripe, GitHub, Netlify, Amazon SES): how long one
 * call may take, and what the caller is told when one does not answer. One place per service: the
 * adapters (lambdas/shared/adapters/*) read their timeouts and tries from here, the error mapper
 * its message, docs/operations.md ("Third parties that do not answer") its table, and the
 * integration tests (test/integration/lambdas/third-parties) their upper bounds.
 *
 * Every budget fits inside the API functions' timeout ({@link API_FUNCTION_TIMEOUT_SECONDS}, itself
 * well inside API Gateway's 29 s), with room for the route's own reads and writes: a route stops
 * at the first call that does not answer, so its caller hears within one budget.
 */

/** API Gateway's limit on one answer (an HTTP API's integration timeout is 30 s; we count 29). */
export const API_ANSWER_LIMIT_MS = 29_000;

/** The timeout of every API function (lib/constructs/api.ts). */
export const API_FUNCTION_TIMEOUT_SECONDS = 10;

export type ThirdParty = 'stripe' | 'github' | 'netlify' | 'ses';

export interface CallBudget {
  /** How long one try may take, from connecting to the last byte of the answer. */
  readonly timeoutMs: number;
  /** Tries of one call, the first included (a retry reuses the call's idempotency key). */
  readonly tries: number;
  /** The longest wait between two tries. */
  readonly retryWaitMs: number;
}

/**
 * What a call made while answering an API request may spend.
 * - Stripe (stripe-node): `timeout` 4 s, `maxNetworkRetries` 1; stripe-node waits 0.5 s before its
 *   retry and sends the same `Idempotency-Key`, so a first try that completed behind the timeout
 *   is answered, not done again.
 * - GitHub (@octokit/rest): one try of 8 s (a request of the App or an installation; a buyer's
 *   OAuth round trip). The buyer-deploy steps, which run in Step Functions, keep their own
 *   retries (github-throttle.ts) and the state machine's.
 * - Netlify (@netlify/api): one try of 8 s for the whole call, its own retries included.
 * - Amazon SES (AWS SDK v3): one try of 5 s (`maxAttempts` 1): the newsletter's state machine
 *   retries a batch, and a visitor submits again.
 */
export const callBudgets: Readonly<Record<ThirdParty, CallBudget>> = {
  stripe: { timeoutMs: 4_000, tries: 2, retryWaitMs: 500 },
  github: { timeoutMs: 8_000, tries: 1, retryWaitMs: 0 },
  netlify: { timeoutMs: 8_000, tries: 1, retryWaitMs: 0 },
  ses: { timeoutMs: 5_000, tries: 1, retryWaitMs: 0 },
};

/** The longest one call may take before its caller hears: every try timing out, every wait. */
export const worstCaseMs = (service: ThirdParty): number => {
  const { timeoutMs, tries, retryWaitMs } = callBudgets[service];
  return timeoutMs * tries + retryWaitMs * (tries - 1);
};

/** The service's name as a user reads it. */
export const THIRD_PARTY_NAMES: Readonly<Record<ThirdParty, string>> = {
  stripe: 'Stripe',
  github: 'GitHub',
  netlify: 'Netlify',
  ses: 'Amazon SES',
};

/**
 * The one answer (HTTP 503) when a third party does not answer (refused, timed out, or answered
 * with its own 5xx): the service by name, and what did not happen because of it.
 */
export const THIRD_PARTY_UNAVAILABLE_MESSAGES: Readonly<Record<ThirdParty, string>> = {
  stripe:
    'Stripe, our payment provider, is not answering. Nothing was charged or refunded; try again in a few minutes.',
  github: 'GitHub is not answering. Nothing was changed; try again in a few minutes.',
  netlify: 'Netlify is not answering. Nothing was changed; try again in a few minutes.',
  ses: 'Amazon SES, our e-mail service, is not answering. No e-mail was sent; try again in a few minutes.',
};

/** The same 503 answering a request that only reads (it says nothing about charges or changes). */
export const THIRD_PARTY_READ_MESSAGES: Readonly<Record<ThirdParty, string>> = {
  stripe: 'Stripe, our payment provider, is not answering right now. Try again in a few minutes.',
  github: 'GitHub is not answering right now. Try again in a few minutes.',
  netlify: 'Netlify is not answering right now. Try again in a few minutes.',
  ses: 'Amazon SES, our e-mail service, is not answering right now. Try again in a few minutes.',
};

/**
 * The same 503 for a call that moves money or changes something and whose answer was lost: it may
 * have been done, so nothing claims it was not; its idempotency key makes trying again safe.
 */
export const THIRD_PARTY_RETRY_SAFE_MESSAGES: Readonly<Record<ThirdParty, string>> = {
  stripe:
    'Stripe, our payment provider, is not answering. Trying again is safe: nothing is charged or refunded twice. Try again in a few minutes.',
  github:
    'GitHub is not answering. Trying again is safe: nothing is done twice. Try again in a few minutes.',
  netlify:
    'Netlify is not answering. Trying again is safe: nothing is done twice. Try again in a few minutes.',
  ses: 'Amazon SES, our e-mail service, is not answering. Trying again is safe: no one gets an e-mail twice. Try again in a few minutes.',
};

/**
 * One call's deadline in a Step Functions task (a repository archive, a deploy's GitHub writes):
 * the task's own timeout and its state machine's retries bound it, not an API request's.
 */
export const TASK_CALL_TIMEOUT_MS = 120_000;

/**
 * The calls the buyer-deploy site steps make at most, each within its service's budget above and
 * tried once (their state machine retries the step: NetlifyUnavailableError, GithubUnavailableError,
 * both TransientError): so their functions' timeouts (lib/constructs/buyer-deploy.ts, checked by
 * test/infra/buyer-deploy.test.ts) are longer than every call not answering in turn, and a Netlify
 * or GitHub that hangs fails the step with the retryable error, never the function's own timeout.
 * - create-site: GitHub's repository, deploy key and push hook; Netlify's deploy key and the site
 *   (created a second time when its name is taken).
 * - check-site: Netlify's latest deploy (then the site's own address, with its own 10 s limit).
 */
export const DEPLOY_SITE_STEP_CALLS = {
  CreateSite: { github: 3, netlify: 3 },
  CheckSite: { github: 0, netlify: 1 },
} as const satisfies Record<string, Partial<Record<ThirdParty, number>>>;
