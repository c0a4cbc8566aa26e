/**
 * Stripe's objects as API version 2026-10-28.endive returns them (the types of stripe-node are the
 * reference; test/integration/local/stripe-shapes.test.ts checks these against them): customers,
 * products and prices, payment methods, payment intents, charges and refunds. Each builder takes
 * the few facts that vary and fills every other field with what Stripe returns in test mode.
 */
import type Stripe from 'stripe';
import { integerParam, invalidRequest, newId, stringParam, type Params } from './http';

/** Stripe's `*_decimal` fields travel as decimal strings; stripe-node turns them into Decimals. */
export type Decimal = NonNullable<Stripe.Price['unit_amount_decimal']>;
export const decimalString = (amount: number): Decimal => String(amount) as unknown as Decimal;

export const CURRENCY = 'gbp';

export const emptyAddress = (): Stripe.Address => ({
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
});

export const listOf = <T>(data: T[], url: string): Stripe.ApiList<T> => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

/**
 * One page of a list endpoint, newest first (`created`, then the order they were stored in), as
 * `limit` (1–100, default 10) and `starting_after` ask; stripe-node's auto-pagination follows it.
 */
export const pageOf = <T extends { id: string; created: number }>(
  items: T[],
  params: Params,
  url: string,
): Stripe.ApiList<T> => {
  const limit = integerParam(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
  }
  let newestFirst = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.created - a.item.created || b.index - a.index)
    .map(({ item }) => item);
  const startingAfter = stringParam(params, 'starting_after');
  if (startingAfter) {
    const at = newestFirst.findIndex((item) => item.id === startingAfter);
    if (at === -1) {
      throw invalidRequest(
        `No such object: '${startingAfter}'`,
        'starting_after',
        'resource_missing',
      );
    }
    newestFirst = newestFirst.slice(at + 1);
  }
  return { ...listOf(newestFirst.slice(0, limit), url), has_more: newestFirst.length > limit };
};

export const buildCustomer = (input: {
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}): Stripe.Customer => ({
  id: newId('cus', 14),
  object: 'customer',
  address: null,
  balance: 0,
  created: input.created,
  currency: null,
  customer_account: null,
  default_source: null,
  delinquent: false,
  description: null,
  discount: null,
  email: input.email,
  invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
  invoice_settings: {
    custom_fields: null,
    default_payment_method: null,
    footer: null,
    rendering_options: null,
  },
  livemode: false,
  metadata: input.metadata,
  name: input.name,
  next_invoice_sequence: 1,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});

export const buildProduct = (input: {
  id?: string;
  name: string;
  created: number;
}): Stripe.Product => ({
  id: input.id ?? newId('prod', 14),
  object: 'product',
  active: true,
  created: input.created,
  default_price: null,
  description: null,
  images: [],
  livemode: false,
  marketing_features: [],
  metadata: {},
  name: input.name,
  package_dimensions: null,
  shippable: null,
  statement_descriptor: null,
  tax_code: null,
  tax_details: null,
  type: 'service',
  unit_label: null,
  updated: input.created,
  url: null,
});

export const buildPrice = (input: {
  id?: string;
  product: string;
  unitAmount: number;
  recurring: boolean;
  created: number;
  lookupKey?: string;
  nickname?: string;
}): Stripe.Price => ({
  id: input.id ?? newId('price', 24),
  object: 'price',
  // An inline price (`price_data`) is not for sale again, as at Stripe.
  active: input.recurring,
  billing_scheme: 'per_unit',
  created: input.created,
  currency: CURRENCY,
  custom_unit_amount: null,
  livemode: false,
  lookup_key: input.lookupKey ?? null,
  metadata: {},
  nickname: input.nickname ?? null,
  product: input.product,
  recurring: input.recurring
    ? {
        interval: 'month',
        interval_count: 1,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      }
    : null,
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: input.recurring ? 'recurring' : 'one_time',
  unit_amount: input.unitAmount,
  unit_amount_decimal: decimalString(input.unitAmount),
});

/** The legacy `plan` a subscription item still carries beside its price. */
export const planOfPrice = (price: Stripe.Price): Stripe.Plan => ({
  id: price.id,
  object: 'plan',
  active: price.active,
  amount: price.unit_amount,
  amount_decimal: price.unit_amount_decimal,
  billing_scheme: price.billing_scheme,
  created: price.created,
  currency: price.currency,
  interval: price.recurring?.interval ?? 'month',
  interval_count: price.recurring?.interval_count ?? 1,
  livemode: false,
  metadata: {},
  meter: null,
  nickname: price.nickname,
  product: price.product,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: null,
  usage_type: 'licensed',
});

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

export const buildCharge = (input: {
  paymentIntent: Stripe.PaymentIntent;
  paymentMethod: Stripe.PaymentMethod;
  created: number;
  /** A declined renewal: the charge exists, failed, with the card's decline. */
  failure?: { code: string; message: string };
}): Stripe.Charge => {
  const { paymentIntent, paymentMethod } = input;
  const card = paymentMethod.card!;
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
    outcome: {
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
    },
    paid: succeeded,
    payment_intent: paymentIntent.id,
    payment_method: paymentMethod.id,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: succeeded ? paymentIntent.amount : null,
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
      },
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
