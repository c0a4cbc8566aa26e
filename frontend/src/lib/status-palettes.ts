/**
 * The badge colour of each payout and dispute status, and how a dispute status reads: one table
 * each for every page that shows one (the buyer's and seller's pages and the admin dashboard
 * alike), so a status never reads one way to the buyer and another to the admin.
 */
import type { DisputeStatus } from '@contract/disputes';
import type { PayoutStatus } from '@contract/payouts';

export const PAYOUT_STATUS_PALETTE: Record<PayoutStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const DISPUTE_STATUS_PALETTE: Record<DisputeStatus, string> = {
  open: 'yellow',
  in_review: 'blue',
  resolved_buyer: 'green',
  resolved_seller: 'green',
  closed_no_action: 'gray',
};

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open',
  in_review: 'In Review',
  resolved_buyer: 'Resolved in favour of the buyer',
  resolved_seller: 'Resolved in favour of the seller',
  closed_no_action: 'Closed with no action',
};
