/**
 * The badge colour of each payout, dispute and refund status, and how it reads: one table each for
 * every page that shows one (the buyer's and seller's pages and the admin dashboard alike), so a
 * status never reads one way to the buyer and another to the admin unless the words are meant to
 * differ (a refund's, below).
 */
import type { DisputeStatus } from '@contract/disputes';
import type { PayoutStatus } from '@contract/payouts';
import type { RefundStatus } from '@contract/refunds';

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

export const REFUND_STATUS_PALETTE: Record<RefundStatus, string> = {
  pending: 'yellow',
  approved: 'blue',
  rejected: 'red',
  processed: 'green',
};

/** A refund request's status in the admin's queue. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  processed: 'Processed',
};

/** A refund request's status in its buyer's Request History: what it means for their money. */
export const REFUND_STATUS_BUYER_LABELS: Record<RefundStatus, string> = {
  pending: 'Awaiting review',
  approved: 'Approved, refund on its way',
  rejected: 'Declined',
  processed: 'Refunded',
};
