/**
 * The rules of a checkout as the pages see them: where Stripe sends the buyer back, how long
 * `/success` waits for the webhook, and what a failed start says.
 */
import type { CheckoutStatus } from '@contract/billing';
import { CHECKOUT_MESSAGES } from '@contract/checkout-messages';
import { isUnlimitedDownloads, planById } from '@contract/plans';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';

/**
 * Stripe replaces this literal in `success_url` with the session's id. It must stay unencoded,
 * so the URLs are assembled as text rather than through `URLSearchParams` (which would turn the
 * braces into `%7B…%7D`, and Stripe would not recognise them).
 */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** The query flag Stripe's cancel URL carries back to the page the buyer left. */
export const CANCELED_PARAM = 'canceled';

export interface CheckoutReturnUrls {
  success_url: string;
  cancel_url: string;
}

/** A plan's subscription: success to `/success`, cancel back to `/pricing?canceled=true`. */
export function subscriptionReturnUrls(origin: string): CheckoutReturnUrls {
  return {
    success_url: `${origin}${paths.success.path}?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancel_url: `${origin}${paths.pricing.getHref()}?${CANCELED_PARAM}=true`,
  };
}

/** One template bought once: success names the template too; cancel back to its page. */
export function templateReturnUrls(origin: string, templateId: string): CheckoutReturnUrls {
  return {
    success_url: `${origin}${paths.success.path}?session_id=${CHECKOUT_SESSION_PLACEHOLDER}&mvp_id=${encodeURIComponent(templateId)}`,
    cancel_url: `${origin}${paths.mvp.getHref(templateId)}?${CANCELED_PARAM}=true`,
  };
}

/** `/success` asks for the session's state this often while the webhook has not recorded it. */
export const CHECKOUT_POLL_INTERVAL_MS = 1_000;
/** …and gives up after this long, pointing to the dashboard instead. */
export const CHECKOUT_POLL_LIMIT_MS = 60_000;

/** Still waiting for Stripe's webhook (or for the buyer to finish paying). */
export const isCheckoutPending = (status: CheckoutStatus['status'] | undefined): boolean =>
  status === undefined || status === 'open' || status === 'processing';

/**
 * The next poll of the session's state: every second while it is pending and the page has waited
 * less than the limit; `false` (stop) once it settled or the limit passed.
 */
export function checkoutPollInterval(
  status: CheckoutStatus['status'] | undefined,
  waitedMs: number,
): number | false {
  if (!isCheckoutPending(status)) return false;
  return waitedMs < CHECKOUT_POLL_LIMIT_MS ? CHECKOUT_POLL_INTERVAL_MS : false;
}

/**
 * The banner text when a checkout could not start: the API's own reason for a refusal it
 * explains (a 4xx: 'Invalid plan selected', 'You already own this template.'), else the product's
 * 'Failed to start checkout process. Please try again.'.
 */
export function checkoutFailure(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.status !== 401) return error.message;
  if (error instanceof Error && error.message === CHECKOUT_MESSAGES.noUrl) return error.message;
  return CHECKOUT_MESSAGES.startFailed;
}

/** `/success`'s quota line: `15 downloads this month`, or `Unlimited downloads` (Enterprise). */
export function quotaLine(
  status: Pick<CheckoutStatus, 'plan_type' | 'downloads_remaining' | 'download_quota'>,
): string | null {
  const count =
    status.downloads_remaining ??
    status.download_quota ??
    (status.plan_type ? planById(status.plan_type).downloadsPerMonth : null);
  if (status.plan_type === 'enterprise' || (count !== null && isUnlimitedDownloads(count))) {
    return 'Unlimited downloads';
  }
  if (count === null) return null;
  return `${count} ${count === 1 ? 'download' : 'downloads'} this month`;
}
