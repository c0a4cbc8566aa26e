/**
 * Stripe Billing's behaviour for the calls the product makes: a subscription started by Checkout
 * (active, one item, a paid `subscription_create` invoice), immediate cancellation, and the
 * renewal a test clock triggers (`subscription_cycle` invoice, paid or declined). Updates are in
 * subscription-update.ts. Behaviour only: nothing here knows what the plans mean to the product.
 */
import type Stripe from 'stripe';
import { buildInvoice, buildSubscription, buildSubscriptionItem } from './billing-objects';
import { addMonths, mustFind, type Context } from './context';
import { invalidRequest, newId } from './http';
import { collectInvoice, emitInvoiceResult, lineDescription, nextInvoiceNumber } from './invoices';

/** The subscription's one item (the product sells one price a subscription). */
export const itemOf = (subscription: Stripe.Subscription): Stripe.SubscriptionItem =>
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

/** The card a subscription's invoices are charged to: its own, else the customer's default. */
export const paymentMethodOf = (ctx: Context, subscription: Stripe.Subscription) => {
  const id =
    (subscription.default_payment_method as string | null) ??
    (ctx.state.customers[subscription.customer as string]?.invoice_settings
      .default_payment_method as string | null);
  return id ? ctx.state.paymentMethods[id] : undefined;
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
