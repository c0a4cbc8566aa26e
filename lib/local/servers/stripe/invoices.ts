/**
 * Stripe's invoices for the calls the product makes: numbering, collecting an invoice from the
 * subscription's card (paid, or left open by a decline), the events that say which, and listing.
 */
import type Stripe from 'stripe';
import { formatPounds, type Context } from './context';
import { invalidRequest, stringParam, type Params } from './http';
import { buildInvoicePayment, markInvoicePaid } from './billing-objects';
import { pageOf } from './objects';
import { payWithCard } from './payments';

export const productName = (ctx: Context, price: Stripe.Price) =>
  ctx.state.products[price.product as string]?.name ?? 'Subscription';

export const lineDescription = (ctx: Context, price: Stripe.Price, quantity: number) =>
  `${quantity} × ${productName(ctx, price)} (at ${formatPounds(price.unit_amount ?? 0)} / month)`;

export const nextInvoiceNumber = (ctx: Context, customer: Stripe.Customer) => {
  ctx.state.invoiceSequence += 1;
  return `${customer.invoice_prefix ?? 'LOCAL'}-${String(ctx.state.invoiceSequence).padStart(4, '0')}`;
};

/**
 * Collects `invoice` from `paymentMethod` (nothing to collect when nothing is due) and stores it;
 * returns whether it is paid. A declined card leaves it open with one failed attempt.
 */
export const collectInvoice = (
  ctx: Context,
  invoice: Stripe.Invoice,
  paymentMethod: Stripe.PaymentMethod | undefined,
  decline: boolean,
): boolean => {
  ctx.state.invoices[invoice.id] = invoice;
  if (invoice.amount_due > 0) {
    if (!paymentMethod)
      throw invalidRequest(
        'This customer has no attached payment source or default payment method.',
      );
    const { paymentIntent } = payWithCard(ctx, {
      amount: invoice.amount_due,
      customer: invoice.customer as string,
      paymentMethod,
      description:
        invoice.billing_reason === 'subscription_create'
          ? 'Subscription creation'
          : 'Subscription update',
      metadata: {},
      decline,
    });
    const payment = buildInvoicePayment({
      invoice,
      paymentIntent: paymentIntent.id,
      paid: !decline,
      created: ctx.now,
    });
    ctx.state.invoicePayments[payment.id] = payment;
  }
  if (decline && invoice.amount_due > 0) {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = ctx.now + 3 * 24 * 60 * 60;
  } else markInvoicePaid(invoice, ctx.now);
  if (invoice.total < 0) {
    // A downgrade's credit stays with the customer for later invoices, as at Stripe.
    const customer = ctx.state.customers[invoice.customer as string];
    if (customer) customer.balance += invoice.total;
  }
  ctx.store.changed();
  return invoice.status === 'paid';
};

export const emitInvoiceResult = (ctx: Context, invoice: Stripe.Invoice, paid: boolean) => {
  if (paid) {
    ctx.emit('invoice.paid', invoice);
    ctx.emit('invoice.payment_succeeded', invoice);
  } else ctx.emit('invoice.payment_failed', invoice);
};

/** `GET /v1/invoices`: newest first, by subscription, customer or status; `limit`, `starting_after`. */
export const listInvoices = (ctx: Context, params: Params): Stripe.ApiList<Stripe.Invoice> => {
  const subscription = stringParam(params, 'subscription');
  const customer = stringParam(params, 'customer');
  const status = stringParam(params, 'status');
  const invoices = Object.values(ctx.state.invoices).filter(
    (invoice) =>
      (!subscription || invoice.parent?.subscription_details?.subscription === subscription) &&
      (!customer || invoice.customer === customer) &&
      (!status || invoice.status === status),
  );
  return pageOf(invoices, params, '/v1/invoices');
};
