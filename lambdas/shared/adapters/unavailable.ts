/**
 * Which third party did not answer, by the shape of each official client's errors (so nothing
 * here loads a client to recognise its error), and the one error the caller then gets:
 * ThirdPartyUnavailableError, a 503 with the service's message (contract/third-parties.ts).
 *
 * - Stripe: stripe-node's `StripeConnectionError` (refused, reset, timed out after its retry),
 *   `StripeAPIError` or any 5xx (Stripe's own failure), `StripeRateLimitError`.
 * - GitHub: Octokit's `HttpError` with a 5xx: @octokit/request reports a refused connection or an
 *   aborted (timed-out) fetch as a 500, GitHub's own failures keep theirs.
 * - Netlify: `@netlify/api`'s `FetchError` (no answer) and `JSONHTTPError`/`TextHTTPError` with a
 *   5xx; the adapter's own deadline throws ThirdPartyUnavailableError itself.
 * - Amazon SES: the mailer converts its SDK's errors itself (an AWS SDK error does not say which
 *   service it came from).
 *
 * Services that turn a provider's refusal into their own 4xx/502 call
 * {@link throwIfThirdPartyUnavailable} first in their `catch`; the error mapper calls
 * {@link asThirdPartyUnavailable} for whatever reaches it uncaught.
 */
import { THIRD_PARTY_RETRY_SAFE_MESSAGES, type ThirdParty } from '../../../contract/third-parties';
import { withinDeadline } from '../deadline';
import { ThirdPartyUnavailableError } from '../errors';

const fields = (error: unknown) =>
  (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    type?: unknown;
    status?: unknown;
    statusCode?: unknown;
  };

const STRIPE_UNAVAILABLE_TYPES = new Set([
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
]);

/** stripe-node's error for a Stripe that did not answer (or failed on its side). */
export const isStripeUnavailable = (error: unknown): boolean => {
  const { type, statusCode } = fields(error);
  // stripe-node's errors carry `rawType` (undefined for a connection error) and Stripe's `type`.
  if (!(error instanceof Error) || !('rawType' in error) || typeof type !== 'string') return false;
  return (
    STRIPE_UNAVAILABLE_TYPES.has(type) || (typeof statusCode === 'number' && statusCode >= 500)
  );
};

/** Octokit's error for a GitHub that did not answer (or failed on its side). */
export const isGithubUnavailable = (error: unknown): boolean => {
  const { name, status } = fields(error);
  return name === 'HttpError' && typeof status === 'number' && status >= 500;
};

/** `@netlify/api`'s error for a Netlify that did not answer (or failed on its side). */
export const isNetlifyUnavailable = (error: unknown): boolean => {
  const { name, status } = fields(error);
  if (name === 'FetchError') return true;
  return (
    (name === 'JSONHTTPError' || name === 'TextHTTPError') &&
    typeof status === 'number' &&
    status >= 500
  );
};

const recognisers: [ThirdParty, (error: unknown) => boolean][] = [
  ['stripe', isStripeUnavailable],
  ['github', isGithubUnavailable],
  ['netlify', isNetlifyUnavailable],
];

/** The 503 of the third party that did not answer, if `error` says one did not. */
export const asThirdPartyUnavailable = (error: unknown): ThirdPartyUnavailableError | undefined => {
  if (error instanceof ThirdPartyUnavailableError) return error;
  const found = recognisers.find(([, recognise]) => recognise(error));
  return found ? new ThirdPartyUnavailableError(found[0], { cause: error }) : undefined;
};

/**
 * Rethrows `error` as its service's 503 when a third party did not answer; else returns.
 * `retrySafe`: the call moves money or changes something (see ThirdPartyUnavailableError).
 */
export const throwIfThirdPartyUnavailable = (
  error: unknown,
  options: { retrySafe?: boolean } = {},
): void => {
  const unavailable = asThirdPartyUnavailable(error);
  if (!unavailable) return;
  if (
    options.retrySafe &&
    unavailable.message !== THIRD_PARTY_RETRY_SAFE_MESSAGES[unavailable.service]
  ) {
    throw new ThirdPartyUnavailableError(unavailable.service, { cause: error, retrySafe: true });
  }
  throw unavailable;
};

/**
 * `fetch` with a deadline per request (for Octokit's `request.fetch`: @octokit/request has no
 * timeout of its own). The caller's signal, if any, still aborts it.
 */
export const fetchWithTimeout =
  (timeoutMs: number): typeof fetch =>
  (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    return fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline,
    });
  };

/**
 * `work` or, when it has not settled within `timeoutMs`, ThirdPartyUnavailableError for `service`
 * (for a client whose own retries and waits no option bounds). `work` gets the signal that aborts
 * its requests at the deadline.
 */
export const withinBudget = <T>(
  service: ThirdParty,
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> => withinDeadline(timeoutMs, () => new ThirdPartyUnavailableError(service), work);
