/** How a licence certificate words where it came from and when. */
import { LICENSE_MESSAGES, type License } from '@contract/licenses';
import { planById } from '@contract/plans';
import { ApiError, errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';

/** "Granted by": the subscription plan, the order, or the free tier behind the licence. */
export function grantedBy(license: Pick<License, 'source' | 'plan_type' | 'order_id'>): string {
  switch (license.source) {
    case 'subscription':
      return license.plan_type
        ? `${planById(license.plan_type).name} plan subscription`
        : 'Subscription';
    case 'order':
      return license.order_id
        ? `One-time purchase (order ${license.order_id})`
        : 'One-time purchase';
    case 'free':
      return 'Free template';
  }
}

/** The same, in a few words for a list row: `Pro plan`, `One-time purchase`, `Free template`. */
export function sourceLabel(license: Pick<License, 'source' | 'plan_type'>): string {
  if (license.source === 'subscription') {
    return license.plan_type ? `${planById(license.plan_type).name} plan` : 'Subscription';
  }
  return license.source === 'order' ? 'One-time purchase' : 'Free template';
}

export function formatIssuedDate(iso: string): string {
  return formatDate(iso);
}

/** The page's text when a certificate cannot be shown: "not found" for an unknown (or malformed) id. */
export function licenseFailure(error: unknown): string {
  return isLicenseMissing(error) ? LICENSE_MESSAGES.notFound : errorMessage(error);
}

/** The API says there is no such licence (an answer, not a failure to try again). */
export function isLicenseMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
