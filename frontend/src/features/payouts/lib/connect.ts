/** The Connect pages' rules: how long to wait for Stripe's confirmation, what a failure says. */
import { CONNECT_MESSAGES, type ConnectStatus } from '@contract/billing';
import { ApiError } from '@/lib/api-error';

export const CONNECT_POLL_INTERVAL_MS = 2_000;
export const CONNECT_POLL_LIMIT_MS = 60_000;

/** Ask again while payouts are not enabled yet and the page has waited less than the limit. */
export function connectPollInterval(
  status: ConnectStatus | undefined,
  waitedMs: number,
): number | false {
  if (status?.payouts_enabled) return false;
  return waitedMs < CONNECT_POLL_LIMIT_MS ? CONNECT_POLL_INTERVAL_MS : false;
}

/**
 * What the page says when the onboarding link could not be made: the product's
 * 'Failed to create Stripe Connect account link' for an answer of the API (with its reason when
 * it refused the request), the API's own words for a 503 (Stripe, or a service of ours, not
 * answering: which one, and that nothing was changed), 'An unexpected error occurred' for anything
 * else (no network).
 */
export function connectFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return CONNECT_MESSAGES.unexpected;
  if (error.status === 503) return error.message;
  if (error.status >= 400 && error.status < 500 && error.message !== CONNECT_MESSAGES.linkFailed) {
    return `${CONNECT_MESSAGES.linkFailed}: ${error.message}`;
  }
  return CONNECT_MESSAGES.linkFailed;
}

/** The note on /payouts after Stripe's onboarding sent the seller back (`?status=success`). */
export function onboardingReturnNote(status: ConnectStatus | undefined): {
  status: 'success' | 'info';
  title: string;
} {
  return status?.payouts_enabled
    ? {
        status: 'success',
        title: 'Your Stripe account is connected. Your payouts will be sent to it.',
      }
    : {
        status: 'info',
        title:
          'Your Stripe account is being verified. This usually takes a few moments; payouts start once Stripe confirms it.',
      };
}
