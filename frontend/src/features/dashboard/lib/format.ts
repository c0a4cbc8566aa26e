/** How the dashboard words quotas, roles and subscription dates. */
import { isUnlimitedDownloads } from '@contract/plans';
import type { Role } from '@contract/profile';
import type { SubscriptionView } from '@contract/subscriptions';
import { formatDate } from '@/lib/format';

export const ROLE_LABELS: Record<Role, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  both: 'Buyer and Seller',
  admin: 'Admin',
};

export { formatDate };

/** `3 of 15`, or `Unlimited` for Enterprise-sized quotas. */
export function quotaText(remaining: number, quota: number): string {
  if (isUnlimitedDownloads(remaining) || isUnlimitedDownloads(quota)) return 'Unlimited';
  return `${remaining} of ${quota}`;
}

/** The end of the paid period as a date; `null` without a period. */
export function periodEndDate(view: SubscriptionView): string | null {
  if (view.current_period_end === null) return null;
  return formatDate(new Date(view.current_period_end * 1000).toISOString());
}

/** `Renews on` or `Ends on` (cancelled at period end). */
export const periodLabel = (view: SubscriptionView): string =>
  view.cancel_at_period_end ? 'Ends on' : 'Renews on';

/** `Renews on …` or `Ends on …`; `null` without a period. */
export function periodText(view: SubscriptionView): string | null {
  const date = periodEndDate(view);
  return date === null ? null : `${periodLabel(view)} ${date}`;
}

/** Stripe's card brand ids as people write them. */
const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** `Visa •••• 4242`; null without a card on file. */
export function cardText(brand: string | null, last4: string | null): string | null {
  if (!brand || !last4) return null;
  const name = CARD_BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
  return `${name} •••• ${last4}`;
}
