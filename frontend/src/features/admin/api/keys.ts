/**
 * Query keys of the admin dashboard, all under `admin` so nothing an admin action refreshes falls
 * under another feature's keys: one list per refund status, the audit log's pages.
 */
import type { RefundStatus } from '@contracts/refunds';

export const adminKeys = {
  all: ['admin'] as const,
  refundLists: ['admin', 'refund-requests'] as const,
  refunds: (status: RefundStatus) => ['admin', 'refund-requests', status] as const,
  audit: ['admin', 'audit-log'] as const,
};
