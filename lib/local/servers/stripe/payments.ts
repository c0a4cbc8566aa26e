/**
 * Card payments and refunds: a payment intent with its charge (succeeded, or declined for a
 * forced renewal failure), and refunds against a charge, refused as Stripe refuses them when the
 * charge has nothing left to refund.
 */
import type Stripe from 'stripe';
import { mustFind, formatPounds, type Context } from './context';
import { integerParam, invalidRequest, metadataParam, stringParam, type Params } from './http';
import { buildCharge, buildPaymentIntent, buildRefund } from './payment-objects';

export const DECLINE = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
} as const;

/** Charges `paymentMethod` now: stores and returns the payment intent and its charge. */
export const payWithCard = (
  ctx: Context,
  input: {
    amount: number;
    customer: string | null;
    paymentMethod: Stripe.PaymentMethod;
    description: string | null;
    metadata: Record<string, string>;
    decline?: boolean;
  },
): { paymentIntent: Stripe.PaymentIntent; charge: Stripe.Charge } => {
  const paymentIntent = buildPaymentIntent({
    amount: input.amount,
    customer: input.customer,
    paymentMethod: input.paymentMethod.id,
    description: input.description,
    metadata: input.metadata,
    created: ctx.now,
    succeeded: !input.decline,
  });
  const charge = buildCharge({
    paymentIntent,
    paymentMethod: input.paymentMethod,
    created: ctx.now,
    ...(input.decline ? { failure: { code: DECLINE.code, message: DECLINE.message } } : {}),
  });
  paymentIntent.latest_charge = charge.id;
  if (input.decline) {
    paymentIntent.last_payment_error = {
      type: 'card_error',
      code: DECLINE.code,
      decline_code: DECLINE.declineCode,
      message: DECLINE.message,
      charge: charge.id,
      payment_method: input.paymentMethod,
    };
  }
  ctx.state.paymentIntents[paymentIntent.id] = paymentIntent;
  ctx.state.charges[charge.id] = charge;
  ctx.store.changed();
  return { paymentIntent, charge };
};

const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/**
 * `POST /v1/refunds`: against `charge` or `payment_intent` (its latest charge), the whole
 * unrefunded amount unless `amount` says less; never more than is left on the charge.
 */
export const createRefund = (ctx: Context, params: Params): Stripe.Refund => {
  const chargeId = stringParam(params, 'charge');
  const paymentIntentId = stringParam(params, 'payment_intent');
  if (!chargeId && !paymentIntentId) {
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  }
  let charge: Stripe.Charge;
  if (chargeId) charge = mustFind(ctx, 'charges', chargeId, 'charge', 'charge');
  else {
    const paymentIntent = mustFind(
      ctx,
      'paymentIntents',
      paymentIntentId!,
      'payment_intent',
      'payment_intent',
    );
    if (typeof paymentIntent.latest_charge !== 'string' || paymentIntent.status !== 'succeeded') {
      throw invalidRequest(
        `This PaymentIntent (${paymentIntent.id}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    charge = mustFind(ctx, 'charges', paymentIntent.latest_charge, 'charge', 'charge');
  }
  if (charge.status !== 'succeeded') {
    throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge');
  }
  if (charge.disputed) {
    throw invalidRequest(
      `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      undefined,
      'charge_disputed',
    );
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    throw invalidRequest(
      `Charge ${charge.id} has already been refunded.`,
      undefined,
      'charge_already_refunded',
    );
  }
  const amount = integerParam(params, 'amount') ?? remaining;
  if (amount <= 0)
    throw invalidRequest('Invalid positive integer', 'amount', 'parameter_invalid_integer');
  if (amount > remaining) {
    throw invalidRequest(
      charge.amount_refunded === 0
        ? `Refund amount (${formatPounds(amount)}) is greater than charge amount (${formatPounds(charge.amount)})`
        : `Refund amount (${formatPounds(amount)}) is greater than unrefunded amount on charge (${formatPounds(remaining)})`,
      'amount',
      'amount_too_large',
    );
  }
  const reason = stringParam(params, 'reason') ?? null;
  if (reason !== null && !(REFUND_REASONS as readonly string[]).includes(reason)) {
    throw invalidRequest(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, 'reason');
  }
  const refund = buildRefund({
    charge,
    amount,
    reason: reason as Stripe.Refund.Reason | null,
    metadata: metadataParam(params) ?? {},
    created: ctx.now,
  });
  ctx.state.refunds[refund.id] = refund;
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  ctx.store.changed();
  ctx.emit('charge.refunded', charge, previous);
  ctx.emit('refund.created', refund);
  return refund;
};
