/**
 * `POST /v1/subscriptions/{id}` as Stripe Billing behaves for the calls the product makes:
 * metadata merged, cancel at period end and resume, a new default payment method, and a price
 * or quantity change of the one item (a price change invoiced and collected at once with
 * `proration_behavior=always_invoice`). Each change is reported in the `previous_attributes` of
 * one `customer.subscription.updated` event.
 */
import type Stripe from 'stripe';
import { itemOf, paymentMethodOf } from './billing';
import { buildInvoice, type InvoiceLineInput } from './billing-objects';
import { mustFind, type Context } from './context';
import {
  booleanParam,
  integerParam,
  invalidRequest,
  metadataParam,
  stringParam,
  type Params,
} from './http';
import { collectInvoice, emitInvoiceResult, nextInvoiceNumber, productName } from './invoices';

const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'] as const;

/** The proration lines of a price change now: the unused time credited, the remaining time charged. */
const prorationLines = (
  ctx: Context,
  item: Stripe.SubscriptionItem,
  from: Stripe.Price,
  to: Stripe.Price,
): InvoiceLineInput[] => {
  const { current_period_start: start, current_period_end: end } = item;
  const fraction = Math.min(1, Math.max(0, (end - ctx.now) / Math.max(1, end - start)));
  const after = new Date(ctx.now * 1000).toUTCString().slice(5, 16);
  const common = {
    quantity: item.quantity ?? 1,
    periodStart: ctx.now,
    periodEnd: end,
    subscriptionItem: item.id,
    proration: true,
  };
  return [
    {
      ...common,
      amount: -Math.round((from.unit_amount ?? 0) * common.quantity * fraction),
      description: `Unused time on ${productName(ctx, from)} after ${after}`,
      price: from,
    },
    {
      ...common,
      amount: Math.round((to.unit_amount ?? 0) * common.quantity * fraction),
      description: `Remaining time on ${productName(ctx, to)} after ${after}`,
      price: to,
    },
  ];
};

/** What an update changed, as `previous_attributes` of `customer.subscription.updated`. */
type PreviousAttributes = Record<string, unknown>;

/** A proration invoice billed at once, and whether its payment went through. */
type ProrationInvoice = { invoice: Stripe.Invoice; paid: boolean };

/** Stripe merges metadata; an empty value removes the key. */
const mergeMetadata = (
  subscription: Stripe.Subscription,
  params: Params,
  previous: PreviousAttributes,
) => {
  const metadata = metadataParam(params);
  if (!metadata) return;
  previous.metadata = { ...subscription.metadata };
  for (const [key, value] of Object.entries(metadata)) {
    if (value === '') delete subscription.metadata[key];
    else subscription.metadata[key] = value;
  }
};

/** `cancel_at_period_end`: set, the subscription ends with its period; unset, it renews again. */
const setCancelAtPeriodEnd = (
  ctx: Context,
  subscription: Stripe.Subscription,
  params: Params,
  previous: PreviousAttributes,
) => {
  const cancelAtPeriodEnd = booleanParam(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd === undefined || cancelAtPeriodEnd === subscription.cancel_at_period_end)
    return;
  Object.assign(previous, {
    cancel_at_period_end: subscription.cancel_at_period_end,
    cancel_at: subscription.cancel_at,
    canceled_at: subscription.canceled_at,
    cancellation_details: { ...subscription.cancellation_details },
  });
  subscription.cancel_at_period_end = cancelAtPeriodEnd;
  subscription.cancel_at = cancelAtPeriodEnd ? itemOf(subscription).current_period_end : null;
  subscription.canceled_at = cancelAtPeriodEnd ? ctx.now : null;
  subscription.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
  };
};

const setDefaultPaymentMethod = (
  ctx: Context,
  subscription: Stripe.Subscription,
  params: Params,
  previous: PreviousAttributes,
) => {
  const paymentMethodId = stringParam(params, 'default_payment_method');
  if (!paymentMethodId) return;
  mustFind(ctx, 'paymentMethods', paymentMethodId, 'PaymentMethod', 'default_payment_method');
  previous.default_payment_method = subscription.default_payment_method;
  subscription.default_payment_method = paymentMethodId;
};

const prorationBehaviorOf = (params: Params): string => {
  const behavior = stringParam(params, 'proration_behavior') ?? 'create_prorations';
  if (!(PRORATION_BEHAVIORS as readonly string[]).includes(behavior)) {
    throw invalidRequest(
      `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}`,
      'proration_behavior',
    );
  }
  return behavior;
};

/**
 * Moves the item to a recurring price; with `always_invoice`, the proration is invoiced and
 * collected at once. `create_prorations` would bill the difference on the next invoice; locally
 * the next renewal simply charges the new price (the product invoices changes at once).
 */
const changePrice = (
  ctx: Context,
  subscription: Stripe.Subscription,
  price: Stripe.Price,
  behavior: string,
  previous: PreviousAttributes,
): ProrationInvoice | undefined => {
  const item = itemOf(subscription);
  if (price.type !== 'recurring')
    throw invalidRequest('The price specified is not recurring.', 'items[0][price]');
  previous.items = structuredClone(subscription.items);
  const lines = prorationLines(ctx, item, item.price, price);
  item.price = price;
  item.plan = {
    ...item.plan,
    id: price.id,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    product: price.product,
  };
  if (behavior !== 'always_invoice') return undefined;
  const customer = mustFind(ctx, 'customers', subscription.customer as string, 'customer');
  const invoice = buildInvoice({
    customer,
    subscription: subscription.id,
    subscriptionMetadata: subscription.metadata,
    billingReason: 'subscription_update',
    lines,
    number: nextInvoiceNumber(ctx, customer),
    periodStart: ctx.now,
    periodEnd: ctx.now,
    created: ctx.now,
  });
  const paid = collectInvoice(ctx, invoice, paymentMethodOf(ctx, subscription), false);
  previous.latest_invoice = subscription.latest_invoice;
  subscription.latest_invoice = invoice.id;
  return { invoice, paid };
};

/** `items`: exactly one change of the subscription's one item, its price and/or its quantity. */
const changeItem = (
  ctx: Context,
  subscription: Stripe.Subscription,
  items: unknown,
  behavior: string,
  previous: PreviousAttributes,
): ProrationInvoice | undefined => {
  const changes = Array.isArray(items) ? items : [];
  if (changes.length !== 1 || typeof changes[0] !== 'object' || Array.isArray(changes[0])) {
    throw invalidRequest(
      'The local Stripe server changes exactly one item: items[0][id] and items[0][price].',
      'items',
    );
  }
  const change = changes[0] as Params;
  const item = itemOf(subscription);
  const itemId = stringParam(change, 'id', 'items[0][id]');
  if (itemId !== item.id)
    throw invalidRequest(
      `No such subscription item: '${itemId ?? ''}'`,
      'items[0][id]',
      'resource_missing',
    );
  const priceId = stringParam(change, 'price', 'items[0][price]');
  const quantity = integerParam(change, 'quantity', 'items[0][quantity]');
  let prorationInvoice: ProrationInvoice | undefined;
  if (priceId && priceId !== item.price.id) {
    const price = mustFind(ctx, 'prices', priceId, 'price', 'items[0][price]');
    prorationInvoice = changePrice(ctx, subscription, price, behavior, previous);
  }
  if (quantity !== undefined && quantity !== item.quantity) {
    previous.items ??= structuredClone(subscription.items);
    item.quantity = quantity;
  }
  return prorationInvoice;
};

/** `POST /v1/subscriptions/{id}`: metadata, cancel at period end (and back), a new price. */
export const updateSubscription = (
  ctx: Context,
  id: string,
  params: Params,
): Stripe.Subscription => {
  const subscription = mustFind(ctx, 'subscriptions', id, 'subscription');
  if (subscription.status === 'canceled') {
    throw invalidRequest(
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  }
  const previous: PreviousAttributes = {};
  mergeMetadata(subscription, params, previous);
  setCancelAtPeriodEnd(ctx, subscription, params, previous);
  setDefaultPaymentMethod(ctx, subscription, params, previous);
  const behavior = prorationBehaviorOf(params);
  const prorationInvoice =
    params.items !== undefined
      ? changeItem(ctx, subscription, params.items, behavior, previous)
      : undefined;
  ctx.store.changed();
  if (Object.keys(previous).length > 0)
    ctx.emit('customer.subscription.updated', subscription, previous);
  if (prorationInvoice) emitInvoiceResult(ctx, prorationInvoice.invoice, prorationInvoice.paid);
  return subscription;
};
