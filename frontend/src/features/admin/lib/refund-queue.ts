/**
 * What the refund queue shows of a request: the actions its status allows (pending →
 * approved or rejected; approved → processed by Process Refund) and its amounts. The request's
 * `amount_requested` is in pounds, as the buyer typed it; what was paid and refunded on the
 * subscription so far comes in pence.
 */
import { formatGbp, toPence } from '@contract/money';
import type { AdminRefundRequest, RefundStatus } from '@contract/refunds';

export type RefundAction = 'approve' | 'reject' | 'process';

const ACTIONS: Record<RefundStatus, readonly RefundAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['process'],
  rejected: [],
  processed: [],
};

/** The buttons a request of this status gets, in the order shown. */
export const refundActions = (status: RefundStatus): readonly RefundAction[] => ACTIONS[status];

/** `£1.00 requested`, `£19.00 paid`, `£0.00 refunded so far` as formatted amounts. */
export const refundAmounts = (request: AdminRefundRequest) => ({
  requested: formatGbp(toPence(request.amount_requested) ?? 0),
  paid: formatGbp(request.amount_paid),
  refunded: formatGbp(request.amount_refunded),
});
