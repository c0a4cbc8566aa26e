/**
 * Refund requests: the form's schema, shared by the page and the API, and
 * the shapes the API returns.
 */
import * as z from 'zod';
import type { PlanType } from './plans';
import { text } from './text';

export const REFUND_MESSAGES = {
  subscriptionRequired: 'Please select a subscription',
  reasonRequired: 'Please provide a reason for the refund',
  amountInvalid: 'Please enter a valid amount greater than zero',
  submitted: 'Refund request submitted successfully. We will review it shortly.',
  submitFailed: 'Failed to submit refund request.',
  signedOut: 'You must be logged in to submit a refund request',
  loadSubscriptionsFailed: 'Failed to load subscription data',
  /** Our own texts where the product fixes none. */
  subscriptionNotFound: 'Subscription not found.',
  customPlan: 'Refunds of Enterprise plans are arranged with our support team.',
  orderNotFound: 'Purchase not found.',
  loadRefundableFailed: 'Failed to load your purchases',
  /** Admin side. */
  requestNotFound: 'Refund request not found.',
} as const;

/** Why an admin action does not apply to a request in its current status (409). */
export const refundStatusConflictMessage = (
  action: 'approve' | 'reject' | 'process',
  status: RefundStatus,
): string => {
  if (action === 'process' && status === 'pending') {
    return 'This refund request is still pending: approve it before processing it.';
  }
  if (action === 'process' && status === 'rejected') {
    return 'This refund request was rejected and cannot be processed.';
  }
  return `This refund request is already ${status}.`;
};

/** Stripe refused the refund; nothing was changed (the request stays approved). */
export const refundFailedMessage = (reason: string): string =>
  `The refund could not be made: ${reason}`;

/** Processing an amount above what is left to refund on the subscription's paid invoices. */
export const refundAboveRefundableMessage = (amount: string, refundable: string): string =>
  `The refund of ${amount} is more than what is left to refund on this subscription (${refundable}).`;

/** The refused amount's message, naming what is left to refund on that subscription. */
export const refundAboveRemainingMessage = (remaining: string): string =>
  `The amount cannot be more than what you paid for this subscription and have not yet asked back (${remaining}).`;

export const REFUND_MIN_AMOUNT = 0.01;
export const REFUND_AMOUNT_STEP = 0.01;
export const REFUND_REASON_MAX = 2_000;

export const REFUND_STATUSES = ['pending', 'approved', 'rejected', 'processed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** At most two decimals: a typed amount like 1.005 is not a price (docs/data-model.md, section 1.2). */
const hasTwoDecimalsAtMost = (value: number) =>
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Our subscription ids are ULIDs; an order's id is Stripe's Checkout Session id (~70 chars). */
const purchaseId = (max: number) =>
  z
    .string({ error: REFUND_MESSAGES.subscriptionRequired })
    .trim()
    .max(max, REFUND_MESSAGES.subscriptionRequired);

/**
 * A request names one purchase: a subscription of the caller (`subscription_id`) or a one-time
 * order of a template (`order_id`), never both.
 */
export const refundRequestInputSchema = z
  .object({
    subscription_id: purchaseId(64).optional(),
    order_id: purchaseId(255).optional(),
    reason: text({ label: 'The reason', multiline: true, error: REFUND_MESSAGES.reasonRequired })
      .min(1, REFUND_MESSAGES.reasonRequired)
      .max(REFUND_REASON_MAX, `The reason can be at most ${REFUND_REASON_MAX} characters.`),
    amount_requested: z
      .number({ error: REFUND_MESSAGES.amountInvalid })
      .min(REFUND_MIN_AMOUNT, REFUND_MESSAGES.amountInvalid)
      .refine(hasTwoDecimalsAtMost, REFUND_MESSAGES.amountInvalid),
  })
  .refine(
    // Also run when a field failed (see `when`), so either id may be anything here, even `null`.
    (input) =>
      [input.subscription_id, input.order_id].filter(
        (id: unknown) => typeof id === 'string' && id.length > 0,
      ).length === 1,
    {
      message: REFUND_MESSAGES.subscriptionRequired,
      path: ['subscription_id'],
      // Also when the reason or the amount is wrong, so the form says everything at once.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );
export type RefundRequestInput = z.infer<typeof refundRequestInputSchema>;

export interface RefundRequest {
  id: string;
  user_id: string;
  /** The subscription asked about, or `null` for a one-time order. */
  subscription_id: string | null;
  /** The one-time order asked about, or `null` for a subscription. */
  order_id: string | null;
  reason: string;
  amount_requested: number;
  status: RefundStatus;
  created_at: string;
  processed_at: string | null;
  stripe_refund_id: string | null;
  /** The joined subscription; `null` for a one-time order. */
  subscription: { plan_type: PlanType; stripe_subscription_id: string } | null;
  /** The joined one-time order; `null` for a subscription. */
  order: { mvp_title: string } | null;
}

/**
 * `GET /api/refund-requests/refundable`: what the caller may ask money back on, each with the most
 * that may still be asked (paid, minus refunded, minus requests not yet refunded).
 */
export interface RefundablePurchase {
  kind: 'subscription' | 'order';
  /** The id to send as `subscription_id` or `order_id`. */
  id: string;
  plan_type: PlanType | null;
  /** Stripe's status of a subscription; `null` for an order. */
  status: string | null;
  mvp_title: string | null;
  /** ISO-8601: when the subscription started or the order was paid. */
  created_at: string;
  /** The most that may be asked, minor units (pence). */
  max_amount: number;
}

export interface RefundablePurchaseList {
  items: RefundablePurchase[];
}

/** The form's line under the amount: the most that may be asked on the chosen purchase. */
export const refundMaxMessage = (max: string): string => `You can ask for up to ${max}.`;

/** `GET /api/admin/refund-requests?status=`: one status of the queue (pending when absent). */
export const refundStatusQuerySchema = z.object({
  status: z
    .enum(REFUND_STATUSES, { error: `status must be one of ${REFUND_STATUSES.join(', ')}.` })
    .default('pending'),
});

/** A refund request as admins see it: the requester and what was paid and refunded so far. */
export interface AdminRefundRequest extends RefundRequest {
  user_email: string;
  /** Paid for the subscription (its paid invoices), minor units. */
  amount_paid: number;
  /** Refunded on the subscription so far, minor units. */
  amount_refunded: number;
  processed_by: string | null;
}

export interface AdminRefundRequestList {
  items: AdminRefundRequest[];
}

/** `POST /api/admin/refund-requests/{id}/process`: answers the refund id (`refundId`). */
export interface ProcessRefundResult {
  refundId: string;
  request: AdminRefundRequest;
}

/** `GET /api/refund-requests`: the caller's refund requests, newest first. */
export interface RefundRequestList {
  items: RefundRequest[];
}
