/**
 * Carrying out an approved refund through Stripe: the plan (which payments, how much of each),
 * the refunds themselves (idempotent per request and payment), and the request's move to
 * `processed`. What Stripe then reports (`charge.refunded`) is recorded by billing's webhook.
 */
import { auditWrite } from '../shared/audit';
import { isStripeError, stripe } from '../shared/adapters/stripe';
import { throwIfThirdPartyUnavailable } from '../shared/adapters/unavailable';
import { formatGbp } from '../../contract/money';
import {
  refundAboveRefundableMessage,
  refundFailedMessage,
  refundStatusConflictMessage,
  type ProcessRefundResult,
} from '../../contract/refunds';
import { ConflictError, DependencyFailedError, ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import {
  fixRefundPlan,
  markRefundProcessed,
  type RefundPlanEntry,
  type RefundRequestItem,
} from './repo';
import {
  paymentsOf,
  penceOf,
  requireRequest,
  toAdminRefundRequest,
  type Payments,
  type RefundAdmin,
} from './service';

/**
 * Which invoices `amount` pence is refunded from: newest first, each at most what is left to
 * refund on it (paid minus refunded); invoices without a payment intent cannot be refunded.
 * `null` when the invoices together do not cover the amount.
 */
export const planRefund = (
  amount: number,
  invoices: Payments['invoices'],
): RefundPlanEntry[] | null => {
  if (amount <= 0) return null;
  const plan: RefundPlanEntry[] = [];
  let left = amount;
  const newestFirst = [...invoices].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const invoice of newestFirst) {
    if (left <= 0) break;
    const refundable = invoice.amountPaid - invoice.amountRefunded;
    if (!invoice.paymentIntentId || refundable <= 0) continue;
    const take = Math.min(refundable, left);
    plan.push({ invoice_id: invoice.id, payment_intent_id: invoice.paymentIntentId, amount: take });
    left -= take;
  }
  return left > 0 ? null : plan;
};

const refundableOf = (invoices: Payments['invoices']): number =>
  invoices
    .filter((invoice) => invoice.paymentIntentId)
    .reduce((sum, invoice) => sum + Math.max(0, invoice.amountPaid - invoice.amountRefunded), 0);

/**
 * The request's refund plan: the stored one when an earlier run fixed it, else a new one from
 * the subscription's paid invoices, stored before any money moves (condition: still approved, no
 * plan yet). An amount above what is left to refund is a 400 and stores nothing.
 */
const refundPlanOf = async (item: RefundRequestItem): Promise<RefundPlanEntry[]> => {
  if (item.refund_plan) return item.refund_plan;
  const amount = penceOf(item);
  const { invoices } = await paymentsOf(item);
  const plan = planRefund(amount, invoices);
  if (!plan) {
    const message = refundAboveRefundableMessage(
      formatGbp(amount),
      formatGbp(refundableOf(invoices)),
    );
    throw new ValidationError(message, { amount_requested: message });
  }
  const fixed = await fixRefundPlan(item.id, plan);
  if (fixed?.refund_plan) return fixed.refund_plan;
  // Another run fixed a plan first (use it) or the request left `approved` meanwhile.
  const current = await requireRequest(item.id);
  if (current.status === 'approved' && current.refund_plan) return current.refund_plan;
  throw new ConflictError(refundStatusConflictMessage('process', current.status));
};

/**
 * One Stripe refund per invoice of the plan, in order. The idempotency key names the request
 * (and the invoice when there are several), so a re-run gets the refunds already made back from
 * Stripe instead of refunding twice. Returns the Stripe refund ids.
 */
const makeStripeRefunds = async (
  item: RefundRequestItem,
  plan: readonly RefundPlanEntry[],
): Promise<string[]> => {
  const client = await stripe();
  const ids: string[] = [];
  for (const entry of plan) {
    const idempotencyKey =
      plan.length === 1 ? `refund-${item.id}` : `refund-${item.id}-${entry.invoice_id}`;
    try {
      const refund = await client.refunds.create(
        {
          payment_intent: entry.payment_intent_id,
          amount: entry.amount,
          metadata: { refund_request_id: item.id, user_id: item.user_id },
        },
        { idempotencyKey },
      );
      ids.push(refund.id);
    } catch (error) {
      if (!isStripeError(error)) throw error;
      logger.warn('Stripe refused a refund', {
        refundRequestId: item.id,
        invoiceId: entry.invoice_id,
        type: error.type,
        code: error.code,
      });
      // A refund whose answer was lost may have been made: the same key finds it on a retry.
      throwIfThirdPartyUnavailable(error, { retrySafe: true });
      if (error.type === 'StripeAuthenticationError' || error.type === 'StripePermissionError') {
        // Our configuration is wrong, not the request: a 500 that is logged and alarmed on.
        throw error;
      }
      throw new DependencyFailedError(refundFailedMessage(error.message));
    }
  }
  return ids;
};

/**
 * Processes an approved request (F5): the money goes back through Stripe, then the request is
 * marked processed.
 *
 * 1. Read the request: 404 when absent, 409 unless it is approved.
 * 2. Fix the refund plan once (which paid invoices, how much each; at most what is left to
 *    refund on them, else 400).
 * 3. Refund through Stripe with idempotency keys (a refusal is a 502 with Stripe's reason, and the
 *    request stays approved).
 * 4. Mark it processed with the first Stripe refund id (condition `status = approved`). A crash
 *    between 3 and 4 is repaired by running it again: steps 2 and 3 give the same plan and the
 *    same refunds back.
 */
export const processRefund = async (
  admin: RefundAdmin,
  id: string,
): Promise<ProcessRefundResult> => {
  const item = await requireRequest(id);
  if (item.status !== 'approved') {
    throw new ConflictError(refundStatusConflictMessage('process', item.status));
  }
  const plan = await refundPlanOf(item);
  const refundIds = await makeStripeRefunds(item, plan);
  const refundId = refundIds[0]!;

  const now = new Date().toISOString();
  let processed = await markRefundProcessed(
    id,
    { stripe_refund_id: refundId, processed_at: now, processed_by: admin.userId },
    auditWrite({
      actor: admin,
      action: 'refund.process',
      target: { type: 'refund_request', id, name: item.user_email },
      before: { status: 'approved' },
      after: { status: 'processed', stripe_refund_id: refundId, refunds: refundIds.length },
      now,
    }),
  );
  if (!processed) {
    // A concurrent run of the same request finished first with the same refund: that is success.
    const current = await requireRequest(id);
    if (current.status !== 'processed' || current.stripe_refund_id !== refundId) {
      throw new ConflictError(refundStatusConflictMessage('process', current.status));
    }
    processed = current;
  }
  logger.info('Refund processed', { refundRequestId: id, refunds: refundIds.length });
  return { refundId, request: toAdminRefundRequest(processed, await paymentsOf(processed)) };
};
