/**
 * Stripe's payment objects as API version 2026-10-28.endive returns them: card payment methods,
 * payment intents, charges and refunds (checked against stripe-node's types by
 * test/integration/local/stripe-shapes.test.ts).
 */
import type Stripe from 'stripe';
import { newId } from './http';
import { CURRENCY, emptyAddress } from './objects';

/** What the hosted Checkout page collected: a test card and who holds it. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  name: string | null;
  email: string | null;
}

export const buildPaymentMethod = (input: {
  card: CardInput;
  customer: string | null;
  created: number;
}): Stripe.PaymentMethod => ({
  id: newId('pm', 24),
  object: 'payment_method',
  allow_redisplay: 'limited',
  billing_details: {
    address: { ...emptyAddress(), country: 'GB' },
    email: input.card.email,
    name: input.card.name,
    phone: null,
    tax_id: null,
  },
  card: {
    brand: 'visa',
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    display_brand: 'visa',
    exp_month: input.card.expMonth,
    exp_year: input.card.expYear,
    fingerprint: `local${input.card.number.slice(-8)}`,
    funding: 'credit',
    generated_from: null,
    last4: input.card.number.slice(-4),
    networks: { available: ['visa'], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  },
  created: input.created,
  customer: input.customer,
  customer_account: null,
  livemode: false,
  metadata: {},
  type: 'card',
});

export const buildPaymentIntent = (input: {
  amount: number;
  customer: string | null;
  paymentMethod: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  succeeded: boolean;
}): Stripe.PaymentIntent => {
  const id = newId('pi', 24);
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: input.succeeded ? input.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${newId('x', 24).slice(2)}`,
    confirmation_method: 'automatic',
    created: input.created,
    currency: CURRENCY,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.succeeded ? 'succeeded' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
};

/** The network's verdict on a charge: approved, or a generic issuer decline. */
const chargeOutcome = (succeeded: boolean): Stripe.Charge.Outcome => ({
  advice_code: null,
  network_advice_code: null,
  network_decline_code: null,
  network_status: succeeded ? 'approved_by_network' : 'declined_by_network',
  reason: succeeded ? null : 'generic_decline',
  risk_level: 'normal',
  seller_message: succeeded
    ? 'Payment complete.'
    : 'The bank did not return any further details with this decline.',
  type: succeeded ? 'authorized' : 'issuer_declined',
});

/** The card as a charge shows it: authorized for the amount, or declined. */
const chargedCard = (
  card: Stripe.PaymentMethod.Card,
  amount: number,
  succeeded: boolean,
): Stripe.Charge.PaymentMethodDetails.Card => ({
  amount_authorized: succeeded ? amount : null,
  authorization_code: succeeded ? '123456' : null,
  brand: card.brand,
  checks: card.checks,
  country: card.country,
  electronic_commerce_indicator: null,
  exp_month: card.exp_month,
  exp_year: card.exp_year,
  funding: card.funding,
  installments: null,
  last4: card.last4,
  mandate: null,
  network: 'visa',
  network_transaction_id: null,
  regulated_status: card.regulated_status,
  three_d_secure: null,
  transaction_link_id: null,
  wallet: null,
});

export const buildCharge = (input: {
  paymentIntent: Stripe.PaymentIntent;
  paymentMethod: Stripe.PaymentMethod;
  created: number;
  /** A declined renewal: the charge exists, failed, with the card's decline. */
  failure?: { code: string; message: string };
}): Stripe.Charge => {
  const { paymentIntent, paymentMethod } = input;
  const succeeded = !input.failure;
  return {
    id: newId('ch', 24),
    object: 'charge',
    amount: paymentIntent.amount,
    amount_captured: succeeded ? paymentIntent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: succeeded ? newId('txn', 24) : null,
    billing_details: paymentMethod.billing_details,
    calculated_statement_descriptor: 'MVP MARKETPLACE',
    captured: succeeded,
    created: input.created,
    currency: paymentIntent.currency,
    customer: paymentIntent.customer,
    description: paymentIntent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: input.failure?.code ?? null,
    failure_message: input.failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: paymentIntent.metadata,
    on_behalf_of: null,
    outcome: chargeOutcome(succeeded),
    paid: succeeded,
    payment_intent: paymentIntent.id,
    payment_method: paymentMethod.id,
    payment_method_details: {
      type: 'card',
      card: chargedCard(paymentMethod.card!, paymentIntent.amount, succeeded),
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
};

export const buildRefund = (input: {
  charge: Stripe.Charge;
  amount: number;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
  created: number;
}): Stripe.Refund => ({
  id: newId('re', 24),
  object: 'refund',
  amount: input.amount,
  balance_transaction: newId('txn', 24),
  charge: input.charge.id,
  created: input.created,
  currency: input.charge.currency,
  customer: input.charge.customer,
  customer_account: null,
  destination_details: {
    card: {
      reference_status: 'pending',
      reference_type: 'acquirer_reference_number',
      type: 'refund',
    },
    type: 'card',
  },
  metadata: input.metadata,
  payment_intent: input.charge.payment_intent,
  payment_method: input.charge.payment_method,
  reason: input.reason,
  receipt_number: null,
  source_transfer_reversal: null,
  status: 'succeeded',
  transfer_reversal: null,
});
