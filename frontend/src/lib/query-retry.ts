/**
 * When the app asks the API again by itself. An answer is final: a 4xx says why, and a 5xx comes
 * after the API's own time limits and retries of the service that failed (docs/operations.md), so
 * asking again at once would only make the visitor wait longer for the same words. Only a request
 * that got no answer at all (the network dropped it) is tried once more, after a short pause; then
 * the page shows what happened with a Try again button (components/query-error.tsx).
 */
import { NetworkError } from './api-error';

/** How many more times a query without an answer is sent. */
export const UNANSWERED_RETRIES = 1;

/** The pause before that retry. */
export const UNANSWERED_RETRY_DELAY_MS = 500;

/** TanStack Query's `retry` for every query: only when no answer came back, and once. */
export function retryUnanswered(failureCount: number, error: unknown): boolean {
  return error instanceof NetworkError && failureCount < UNANSWERED_RETRIES;
}

/** The defaults of the app's query client (main.tsx). */
export const queryDefaults = {
  refetchOnWindowFocus: false,
  retry: retryUnanswered,
  retryDelay: UNANSWERED_RETRY_DELAY_MS,
} as const;

/** What `QueryError` reads of a failed query: its error, and how to ask again. */
export interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

/** A failed query as `QueryError` takes it: `<QueryError {...failedQueryProps(query)} />`. */
export function failedQueryProps(query: FailedQuery) {
  return { error: query.error, onRetry: query.refetch, retrying: query.isFetching };
}
