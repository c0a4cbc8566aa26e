/**
 * Stripe's objects as API version 2026-10-28.endive returns them (the types of stripe-node are the
 * reference; test/integration/local/stripe-shapes.test.ts checks these against them): customers,
 * products, prices and plans, and lists. Each builder takes the few facts that vary and fills
 * every other field with what Stripe returns in test mode. Payments: payment-objects.ts.
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
