/**
 * Disputes (chargebacks) as Stripe has them: a card issuer questions a succeeded charge, the
 * charge becomes `disputed`, and the dispute runs from `needs_response` to `won` or `lost`.
 *
 * - Stripe opens one in test mode when a payment uses the test card `4000 0000 0000 0259`
 *   (`TEST_CARDS.disputed`, checkout.ts); the control API opens one on any succeeded charge.
 * - Opening emits `charge.dispute.created` and `charge.dispute.funds_withdrawn` (the amount leaves
 *   the balance while the dispute runs).
 * - `POST /v1/disputes/:id/close` accepts it: the status becomes `lost` (irreversible) and
 *   `charge.dispute.closed` follows. The control API settles it `won` or `lost` as the issuer
 *   would decide; a won dispute also emits `charge.dispute.funds_reinstated`.
 */
import type Stripe from 'stripe';
import { mustFind, type Context } from './context';
import { invalidRequest, newId, stringParam, type Params } from './http';
import { pageOf } from './objects';

/** The statuses in which the merchant may still respond (close accepts the dispute then). */
const OPEN_STATUSES: readonly string[] = [
  'warning_needs_response',
  'needs_response',
  'warning_under_review',
  'under_review',
];

const REASONS = [
  'bank_cannot_process',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const;

const emptyEvidence = (): Stripe.Dispute.Evidence => ({
  access_activity_log: null,
  billing_address: null,
  cancellation_policy: null,
  cancellation_policy_disclosure: null,
  cancellation_rebuttal: null,
  customer_communication: null,
  customer_email_address: null,
  customer_name: null,
  customer_purchase_ip: null,
  customer_signature: null,
  duplicate_charge_documentation: null,
  duplicate_charge_explanation: null,
  duplicate_charge_id: null,
  enhanced_evidence: {},
  product_description: null,
  receipt: null,
  refund_policy: null,
  refund_policy_disclosure: null,
  refund_refusal_explanation: null,
  service_date: null,
  service_documentation: null,
  shipping_address: null,
  shipping_carrier: null,
  shipping_date: null,
  shipping_documentation: null,
  shipping_tracking_number: null,
  uncategorized_file: null,
  uncategorized_text: null,
});

/** Seven days to respond, as Stripe's test disputes give. */
const RESPONSE_WINDOW_SECONDS = 7 * 24 * 60 * 60;

/** Visa's reason code for a fraud chargeback ("other fraud: card-absent environment"). */
const networkReasonCode = (reason: string): string | null =>
  reason === 'fraudulent' ? '10.4' : null;

const buildDispute = (charge: Stripe.Charge, reason: string, created: number): Stripe.Dispute => ({
  id: newId('dp', 24),
  object: 'dispute',
  amount: charge.amount - charge.amount_refunded,
  balance_transactions: [],
  charge: charge.id,
  created,
  currency: charge.currency,
  enhanced_eligibility_types: [],
  evidence: emptyEvidence(),
  evidence_details: {
    due_by: created + RESPONSE_WINDOW_SECONDS,
    enhanced_eligibility: {},
    has_evidence: false,
    past_due: false,
    submission_count: 0,
    submission_method: 'not_submitted',
  },
  intended_submission_method: null,
  is_charge_refundable: false,
  livemode: false,
  metadata: {},
  network_reason_code: networkReasonCode(reason),
  payment_intent: charge.payment_intent,
  payment_method_details: {
    card: {
      brand: 'visa',
      case_type: 'chargeback',
      network: 'visa',
      network_reason_code: networkReasonCode(reason),
    },
    type: 'card',
  },
  reason,
  status: 'needs_response',
});

/**
 * Opens a dispute on a succeeded charge, as the card issuer does: the charge is marked disputed and
 * the created and funds-withdrawn events follow. A charge has one dispute at most.
 */
export const openDispute = (
  ctx: Context,
  chargeId: string,
  options: { reason?: string } = {},
): Stripe.Dispute => {
  const charge = mustFind(ctx, 'charges', chargeId, 'charge', 'charge');
  if (charge.status !== 'succeeded') {
    throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be disputed.`, 'charge');
  }
  if (charge.disputed) {
    throw invalidRequest(`Charge ${charge.id} has already been disputed.`, 'charge');
  }
  if (charge.amount_refunded >= charge.amount) {
    throw invalidRequest(`Charge ${charge.id} has been refunded in full.`, 'charge');
  }
  const reason = options.reason ?? 'fraudulent';
  if (!(REASONS as readonly string[]).includes(reason)) {
    throw invalidRequest(`Invalid reason: must be one of ${REASONS.join(', ')}`, 'reason');
  }
  const dispute = buildDispute(charge, reason, ctx.now);
  ctx.state.disputes[dispute.id] = dispute;
  charge.disputed = true;
  ctx.store.changed();
  ctx.emit('charge.dispute.created', dispute);
  ctx.emit('charge.dispute.funds_withdrawn', dispute);
  return dispute;
};

const mustFindDispute = (ctx: Context, id: string) => mustFind(ctx, 'disputes', id, 'dispute');

/** The issuer's decision (control API): `won` returns the funds, `lost` keeps them withdrawn. */
export const settleDispute = (
  ctx: Context,
  id: string,
  outcome: 'won' | 'lost',
): Stripe.Dispute => {
  const dispute = mustFindDispute(ctx, id);
  if (!OPEN_STATUSES.includes(dispute.status)) {
    throw invalidRequest(`Dispute ${id} is already closed (${dispute.status}).`);
  }
  const previous = { status: dispute.status };
  dispute.status = outcome;
  dispute.is_charge_refundable = false;
  ctx.store.changed();
  ctx.emit('charge.dispute.closed', dispute, previous);
  if (outcome === 'won') ctx.emit('charge.dispute.funds_reinstated', dispute);
  return dispute;
};

/** `POST /v1/disputes/:id/close`: the merchant accepts the dispute, which is then lost. */
export const closeDispute = (ctx: Context, id: string): Stripe.Dispute => {
  const dispute = mustFindDispute(ctx, id);
  if (!OPEN_STATUSES.includes(dispute.status)) {
    throw invalidRequest(
      `This dispute is already closed and can no longer be updated (status ${dispute.status}).`,
    );
  }
  return settleDispute(ctx, id, 'lost');
};

/** `GET /v1/disputes?charge=&payment_intent=`: newest first, a page at a time. */
export const listDisputes = (ctx: Context, params: Params): Stripe.ApiList<Stripe.Dispute> => {
  const charge = stringParam(params, 'charge');
  const paymentIntent = stringParam(params, 'payment_intent');
  const disputes = Object.values(ctx.state.disputes).filter(
    (dispute) =>
      (!charge || dispute.charge === charge) &&
      (!paymentIntent || dispute.payment_intent === paymentIntent),
  );
  return pageOf(disputes, params, '/v1/disputes');
};
