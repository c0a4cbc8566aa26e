/** Refunds: a buyer's requests, and the admin's decisions. */
import type * as z from 'zod';
import type {
  AdminRefundRequest,
  AdminRefundRequestList,
  ProcessRefundResult,
  RefundablePurchaseList,
  RefundRequest,
  refundRequestInputSchema,
  RefundRequestList,
  RefundStatus,
} from '../refunds';
import { defineRoutes, route } from './table';

export const refundsRoutes = defineRoutes('refunds', {
  'POST /api/refund-requests': route<{
    body: z.input<typeof refundRequestInputSchema>;
    response: RefundRequest;
  }>({
    operation: 'create-refund-request',
    access: 'user',
    summary:
      "A refund request (pending) on one of the caller's own subscriptions or one-time orders.",
  }),
  'GET /api/refund-requests': route<{ response: RefundRequestList }>({
    operation: 'list-refund-requests',
    access: 'user',
    summary: "The caller's refund requests with their subscription's plan, newest first.",
  }),
  'GET /api/refund-requests/refundable': route<{ response: RefundablePurchaseList }>({
    operation: 'list-refundable-purchases',
    access: 'user',
    summary:
      "The caller's subscriptions and one-time orders that may be refund-requested, each with the most that may be asked.",
  }),
  'GET /api/admin/refund-requests': route<{
    query: { status?: RefundStatus };
    response: AdminRefundRequestList;
  }>({
    operation: 'list-refund-requests-by-status',
    access: 'admin',
    summary: 'Refund requests of one status, oldest first (admin queue).',
  }),
  'POST /api/admin/refund-requests/{id}/approve': route<{ response: AdminRefundRequest }>({
    operation: 'approve-refund-request',
    access: 'admin',
    summary: 'Approve a pending refund request.',
  }),
  'POST /api/admin/refund-requests/{id}/reject': route<{ response: AdminRefundRequest }>({
    operation: 'reject-refund-request',
    access: 'admin',
    summary: 'Reject a pending refund request.',
  }),
  'POST /api/admin/refund-requests/{id}/process': route<{ response: ProcessRefundResult }>({
    operation: 'process-refund-request',
    access: 'admin',
    summary:
      "Refund an approved request through Stripe against the subscription's paid invoices (idempotent).",
  }),
});
