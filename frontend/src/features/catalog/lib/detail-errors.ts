/** The template detail page's error texts. */
import { ApiError } from '../../../lib/api-error';

export const DETAIL_MISSING_ID = 'MVP ID is missing from URL.';
export const DETAIL_NOT_FOUND = 'MVP not found. It might not exist or is pending approval.';
export const DETAIL_FAILED = 'Failed to fetch MVP details. Please try again later.';

/**
 * Not found for a 404, and for a 400 too: a malformed id cannot name an existing template.
 * Anything else (network, 5xx) is a failure to fetch.
 */
export function describeDetailError(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return DETAIL_NOT_FOUND;
  }
  return DETAIL_FAILED;
}
