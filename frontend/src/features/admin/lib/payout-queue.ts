/**
 * How the admin's payouts read: the month (`2026-05` → `May 2026`), the seller, the statuses, and
 * which payouts can be processed (pending ones, and failed ones again: the API answers why not
 * for the rest).
 */
import type {
  AdminPayout,
  AdminPayoutFilter,
  PayoutRunMonth,
  PayoutStatus,
} from '@contract/payouts';

export const ADMIN_PAYOUT_FILTER_LABELS: Record<AdminPayoutFilter, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

export { formatMonthYear as payoutMonthLabel } from '@/lib/format';
export { PAYOUT_STATUS_LABELS, PAYOUT_STATUS_PALETTE } from '@/lib/status-palettes';

/** The seller as admins name them: display name, else @username, with the e-mail address. */
export const payoutSellerLabel = (
  seller: Pick<AdminPayout['seller'], 'email' | 'username' | 'display_name'>,
): string => {
  const name = seller.display_name ?? (seller.username ? `@${seller.username}` : null);
  return name ? `${name} (${seller.email})` : seller.email;
};

export const canProcessPayout = (status: PayoutStatus): boolean =>
  status === 'pending' || status === 'failed';

/**
 * Why Process is offered but cannot be pressed: the seller's Stripe account cannot receive
 * payouts yet (`null` when it can). The API refuses the same payout with the same words.
 */
export const processBlockedReason = (payout: Pick<AdminPayout, 'seller'>): string | null =>
  payout.seller.payouts_enabled ? null : PROCESS_BLOCKED_TEXT;

export const PROCESS_BLOCKED_TEXT = 'Seller has not connected a Stripe account that can be paid';

/** The months of the runs list an admin can run now (their run never happened), newest first. */
export const missedRunMonths = (months: readonly PayoutRunMonth[]): string[] =>
  months.filter((month) => month.state === 'missed').map((month) => month.month_year);
