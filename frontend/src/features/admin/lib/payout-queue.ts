/**
 * How the admin's payouts read: the month (`2026-05` → `May 2026`), the seller, the statuses, and
 * which payouts can be processed (pending ones, and failed ones again: the API answers why not
 * for the rest).
 */
import type { AdminPayout, AdminPayoutFilter, PayoutStatus } from '@contracts/payouts';

export const ADMIN_PAYOUT_FILTER_LABELS: Record<AdminPayoutFilter, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

export { formatMonthYear as payoutMonthLabel } from '../../../lib/format';
export { PAYOUT_STATUS_PALETTE } from '../../../lib/status-palettes';

/** The seller as admins name them: display name, else @username, with the e-mail address. */
export const payoutSellerLabel = (
  seller: Pick<AdminPayout['seller'], 'email' | 'username' | 'display_name'>,
): string => {
  const name = seller.display_name ?? (seller.username ? `@${seller.username}` : null);
  return name ? `${name} (${seller.email})` : seller.email;
};

export const canProcessPayout = (status: PayoutStatus): boolean =>
  status === 'pending' || status === 'failed';
