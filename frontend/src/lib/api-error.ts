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

/** The text to show for any failed call: the API's own message, or the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR;
}

/**
 * The API's own message when it refused the request (a 4xx says why: a name taken, a state that
 * moved), else the page's `fallback`: a server error's text is not written for the visitor.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}
