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

export const PAYOUT_STATUS_PALETTE: Record<PayoutStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export function payoutMonthLabel(monthYear: string): string {
  const [year, month] = monthYear.split('-').map(Number);
  if (!year || !month) return monthYear;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The seller as admins name them: display name, else @username, with the e-mail address. */
export const payoutSellerLabel = (seller: AdminPayout['seller']): string => {
  const name = seller.display_name ?? (seller.username ? `@${seller.username}` : null);
  return name ? `${name} (${seller.email})` : seller.email;
};

export const canProcessPayout = (status: PayoutStatus): boolean =>
  status === 'pending' || status === 'failed';
