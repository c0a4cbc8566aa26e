/** The template detail page's error texts. */
import { ApiError, NetworkError, errorMessage } from '@/lib/api-error';

export const DETAIL_MISSING_ID = 'MVP ID is missing from URL.';
export const DETAIL_NOT_FOUND = 'MVP not found. It might not exist or is pending approval.';
export const DETAIL_FAILED = 'Failed to fetch MVP details. Please try again later.';

/** A 404, or a 400: a malformed id cannot name an existing template. Asking again cannot help. */
export function isTemplateMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * Not found for a missing template; for a failure, the API's own words (its 503 names the service
 * that did not answer) or that the marketplace cannot be reached; the generic text only for
 * anything else (a fault of the page itself).
 */
export function describeDetailError(error: unknown): string {
  if (isTemplateMissing(error)) return DETAIL_NOT_FOUND;
  if (error instanceof ApiError || error instanceof NetworkError) return errorMessage(error);
  return DETAIL_FAILED;
}
