/** The Applications queue's words: each status as people say it, its colour, and dates (en-GB). */
import type { SellerApplicationStatus } from '@contract/seller-applications';

export const APPLICATION_STATUS_LABELS: Record<SellerApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const APPLICATION_STATUS_PALETTE: Record<SellerApplicationStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};
