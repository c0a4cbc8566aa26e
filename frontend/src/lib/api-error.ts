/** A non-2xx answer from the API, carrying the body's `message` (contract 3) for display. */

export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a person reads when the API could not be reached at all. */
export const UNREACHABLE_ERROR =
  "We can't reach the marketplace right now. Check your connection, then try again.";

/**
 * A call that got no answer: the network failed before the API could say anything (offline, DNS,
 * a dropped connection). Never a 5xx: that is an answer, an `ApiError`.
 */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(UNREACHABLE_ERROR, options);
    this.name = 'NetworkError';
  }
}

/**
 * The text to show for any failed call: the API's own message (its 503s name the service that
 * failed and say what was or was not changed), the network's, or the generic one.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof NetworkError ? UNREACHABLE_ERROR : UNEXPECTED_ERROR;
}

/**
 * The API's own message when it refused the request (a 4xx says why: a name taken, a state that
 * moved) or a service it needs failed (a 502 or 503 names the service and says what was or was
 * not changed); that the marketplace cannot be reached when no answer came; else the page's
 * `fallback`: a 500's text is generic, not written for this page.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return UNREACHABLE_ERROR;
  if (!(error instanceof ApiError)) return fallback;
  const written = error.status < 500 || error.status === 502 || error.status === 503;
  return written && error.message !== UNEXPECTED_ERROR ? error.message : fallback;
}
