/**
 * Stripe Billing's behaviour for the calls the product makes: a subscription started by Checkout
 * (active, one item, a paid `subscription_create` invoice), updates (cancel at period end and
 * resume; a price change, invoiced at once with `proration_behavior=always_invoice`), immediate
 * cancellation, and the renewal a test clock triggers (`subscription_cycle` invoice, paid or
 * declined). Behaviour only: nothing here knows what the plans mean to the product.
 */
import type Stripe from 'stripe';
import {
  buildInvoice,
  buildSubscription,
  buildSubscriptionItem,
  type InvoiceLineInput,
} from './billing-objects';
import { addMonths, mustFind, type Context } from './context';
import {
  booleanParam,
  integerParam,
  invalidRequest,
  metadataParam,
  newId,
  stringParam,
  type Params,
} from './http';
import {
  collectInvoice,
  emitInvoiceResult,
  lineDescription,
  nextInvoiceNumber,
  productName,
} from './invoices';

const itemOf = (subscription: Stripe.Subscription): Stripe.SubscriptionItem =>
  subscription.items.data[0]!;

/** What Checkout does on a paid subscription session: the subscription and its first invoice. */
export const startSubscription = (
  ctx: Context,
  input: {
    customer: Stripe.Customer;
    price: Stripe.Price;
    quantity: number;
    paymentMethod: Stripe.PaymentMethod;
    metadata: Record<string, string>;
  },
): { subscription: Stripe.Subscription; invoice: Stripe.Invoice } => {
  const id = newId('sub', 24);
  const periodEnd = addMonths(ctx.now, 1);
  const item = buildSubscriptionItem({
    subscription: id,
    price: input.price,
    quantity: input.quantity,
    periodStart: ctx.now,
    periodEnd,
    created: ctx.now,
  });
  const subscription = buildSubscription({
    id,
    customer: input.customer.id,
    item,
    defaultPaymentMethod: input.paymentMethod.id,
    metadata: input.metadata,
    created: ctx.now,
  });
  const invoice = buildInvoice({
    customer: input.customer,
    subscription: id,
    subscriptionMetadata: input.metadata,
    billingReason: 'subscription_create',
    lines: [
      {
        amount: (input.price.unit_amount ?? 0) * input.quantity,
        description: lineDescription(ctx, input.price, input.quantity),
        price: input.price,
        quantity: input.quantity,
        periodStart: ctx.now,
        periodEnd,
        subscriptionItem: item.id,
        proration: false,
      },
    ],
    number: nextInvoiceNumber(ctx, input.customer),
    periodStart: ctx.now,
    periodEnd: ctx.now,
    created: ctx.now,
  });
  const paid = collectInvoice(ctx, invoice, input.paymentMethod, false);
  subscription.latest_invoice = invoice.id;
  ctx.state.subscriptions[id] = subscription;
  ctx.store.changed();
  ctx.emit('customer.subscription.created', subscription);
  emitInvoiceResult(ctx, invoice, paid);
  return { subscription, invoice };
};

const paymentMethodOf = (ctx: Context, subscription: Stripe.Subscription) => {
  const id =
    (subscription.default_payment_method as string | null) ??
    (ctx.state.customers[subscription.customer as string]?.invoice_settings
      .default_payment_method as string | null);
  return id ? ctx.state.paymentMethods[id] : undefined;
};

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
  const previous: Record<string, unknown> = {};
  const metadata = metadataParam(params);
  if (metadata) {
    previous.metadata = { ...subscription.metadata };
    // Stripe merges metadata; an empty value removes the key.
    for (const [key, value] of Object.entries(metadata)) {
      if (value === '') delete subscription.metadata[key];
      else subscription.metadata[key] = value;
    }
  }
  const cancelAtPeriodEnd = booleanParam(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
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
  }
  const paymentMethodId = stringParam(params, 'default_payment_method');
  if (paymentMethodId) {
    mustFind(ctx, 'paymentMethods', paymentMethodId, 'PaymentMethod', 'default_payment_method');
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method = paymentMethodId;
  }
  const behavior = stringParam(params, 'proration_behavior') ?? 'create_prorations';
  if (!(PRORATION_BEHAVIORS as readonly string[]).includes(behavior)) {
    throw invalidRequest(
      `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}`,
      'proration_behavior',
    );
  }
  let prorationInvoice: { invoice: Stripe.Invoice; paid: boolean } | undefined;
  const items = params.items;
  if (items !== undefined) {
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
    if (priceId && priceId !== item.price.id) {
      const price = mustFind(ctx, 'prices', priceId, 'price', 'items[0][price]');
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
      if (behavior === 'always_invoice') {
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
        prorationInvoice = { invoice, paid };
      }
      // `create_prorations` would bill the difference on the next invoice; locally the next
      // renewal simply charges the new price (the product invoices changes at once).
    }
    if (quantity !== undefined && quantity !== item.quantity) {
      previous.items ??= structuredClone(subscription.items);
      item.quantity = quantity;
    }
  }
  ctx.store.changed();
  if (Object.keys(previous).length > 0)
    ctx.emit('customer.subscription.updated', subscription, previous);
  if (prorationInvoice) emitInvoiceResult(ctx, prorationInvoice.invoice, prorationInvoice.paid);
  return subscription;
};

const endSubscription = (ctx: Context, subscription: Stripe.Subscription, at: number) => {
  subscription.status = 'canceled';
  subscription.ended_at = at;
  subscription.canceled_at ??= at;
  subscription.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: subscription.cancellation_details?.reason ?? 'cancellation_requested',
  };
  ctx.store.changed();
  ctx.emit('customer.subscription.deleted', subscription);
};

/** `DELETE /v1/subscriptions/{id}`: ends it now. */
export const cancelSubscription = (ctx: Context, id: string): Stripe.Subscription => {
  const subscription = mustFind(ctx, 'subscriptions', id, 'subscription');
  if (subscription.status === 'canceled') {
    throw invalidRequest(`This subscription (${id}) has already been canceled.`);
  }
  endSubscription(ctx, subscription, ctx.now);
  return subscription;
};

/** The period after the one that ends at `start`, counted from the billing cycle anchor. */
const periodEndAfter = (anchor: number, start: number) => {
  let months = 1;
  while (addMonths(anchor, months) <= start) months += 1;
  return addMonths(anchor, months);
};

/**
 * The test clock (control API): runs every period end of `id` up to `to` (default: the current
 * period's end). A subscription set to cancel at period end is canceled; otherwise it renews: the
 * period moves, a `subscription_cycle` invoice is charged (declined with `fail`: `past_due`).
 */
export const advanceSubscription = (
  ctx: Context,
  id: string,
  options: { to?: number; fail?: boolean },
): Stripe.Subscription => {
  const subscription = mustFind(ctx, 'subscriptions', id, 'subscription');
  if (subscription.status === 'canceled')
    throw invalidRequest(`This subscription (${id}) has been canceled.`);
  const item = itemOf(subscription);
  const target = options.to ?? item.current_period_end;
  for (let renewals = 0; renewals < 120 && item.current_period_end <= target; renewals += 1) {
    const at = item.current_period_end;
    const clock: Context = { ...ctx, now: at };
    if (
      subscription.cancel_at_period_end ||
      (subscription.cancel_at !== null && subscription.cancel_at <= at)
    ) {
      endSubscription(clock, subscription, at);
      break;
    }
    const previous = {
      items: structuredClone(subscription.items),
      latest_invoice: subscription.latest_invoice,
    };
    item.current_period_start = at;
    item.current_period_end = periodEndAfter(subscription.billing_cycle_anchor, at);
    const customer = mustFind(ctx, 'customers', subscription.customer as string, 'customer');
    const quantity = item.quantity ?? 1;
    const invoice = buildInvoice({
      customer,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      billingReason: 'subscription_cycle',
      lines: [
        {
          amount: (item.price.unit_amount ?? 0) * quantity,
          description: lineDescription(ctx, item.price, quantity),
          price: item.price,
          quantity,
          periodStart: item.current_period_start,
          periodEnd: item.current_period_end,
          subscriptionItem: item.id,
          proration: false,
        },
      ],
      number: nextInvoiceNumber(ctx, customer),
      periodStart: previous.items.data[0]!.current_period_start,
      periodEnd: at,
      created: at,
    });
    const paid = collectInvoice(
      clock,
      invoice,
      paymentMethodOf(ctx, subscription),
      options.fail === true,
    );
    subscription.latest_invoice = invoice.id;
    const statusBefore = subscription.status;
    if (paid) subscription.status = 'active';
    clock.emit('customer.subscription.updated', subscription, {
      ...previous,
      ...(statusBefore !== subscription.status ? { status: statusBefore } : {}),
    });
    emitInvoiceResult(clock, invoice, paid);
    if (!paid && subscription.status !== 'past_due') {
      subscription.status = 'past_due';
      ctx.store.changed();
      clock.emit('customer.subscription.updated', subscription, { status: statusBefore });
    }
  }
  ctx.store.changed();
  return subscription;
};
