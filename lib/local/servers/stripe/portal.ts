/**
 * Stripe's customer portal for the calls the product makes: `POST /v1/billing_portal/sessions`
 * (a session of one customer, its page at `url`) and the page itself (`/p/session/{id}`): the
 * card on file and its update, the subscriptions, and the invoices with a receipt each.
 *
 * Updating the card behaves as Stripe's portal does: the new card is attached and becomes the
 * customer's default and each live subscription's default, and an open invoice of a `past_due`
 * subscription is retried on it at once; paid, the subscription is active again. The events are
 * Stripe's: `payment_method.attached`, `customer.updated`, `customer.subscription.updated`,
 * `invoice.paid` and `invoice.payment_succeeded` (or `invoice.payment_failed`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { validateCard } from './checkout';
import { formatPounds, mustFind, type Context } from './context';
import {
  decodeForm,
  newId,
  readBody,
  redirect,
  sendHtml,
  StripeApiError,
  type Params,
} from './http';
import { stringParam, invalidRequest } from './http';
import { collectInvoice, emitInvoiceResult } from './invoices';
import { buildPaymentMethod } from './payment-objects';
import { escapeHtml, page } from './pages';

/** The one portal configuration of the local account (Stripe's default one). */
const CONFIGURATION = 'bpc_local_default';

export const portalPagePath = (sessionId: string) => `/p/session/${sessionId}`;

/** `POST /v1/billing_portal/sessions`: `customer` (required) and `return_url`. */
export const createPortalSession = (ctx: Context, params: Params): Stripe.BillingPortal.Session => {
  const customerId = stringParam(params, 'customer');
  if (!customerId) throw invalidRequest('Missing required param: customer.', 'customer');
  mustFind(ctx, 'customers', customerId, 'customer', 'customer');
  const returnUrl = stringParam(params, 'return_url') ?? null;
  if (returnUrl !== null && !/^https?:\/\//.test(returnUrl))
    throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
  const id = newId('bps', 24);
  const session: Stripe.BillingPortal.Session = {
    id,
    object: 'billing_portal.session',
    configuration: CONFIGURATION,
    created: ctx.now,
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${ctx.endpoint}${portalPagePath(id)}`,
  };
  ctx.state.portalSessions[id] = session;
  ctx.store.changed();
  return session;
};

const subscriptionsOf = (ctx: Context, customerId: string) =>
  Object.values(ctx.state.subscriptions).filter(
    (subscription) => subscription.customer === customerId,
  );

const invoicesOf = (ctx: Context, customerId: string) =>
  Object.values(ctx.state.invoices)
    .filter((invoice) => invoice.customer === customerId)
    .sort((a, b) => b.created - a.created);

/**
 * The portal's "Update payment method": the card (validated as Checkout validates it; a declined
 * card changes nothing) becomes the default everywhere, then each past-due subscription's open
 * invoice is paid with it. Returns how many invoices were paid.
 */
export const updatePortalCard = (
  ctx: Context,
  sessionId: string,
  submission: Parameters<typeof validateCard>[0],
): { paidInvoices: number } => {
  const session = mustFind(ctx, 'portalSessions', sessionId, 'billing_portal.session');
  const customer = mustFind(ctx, 'customers', session.customer, 'customer');
  const card = validateCard(submission, ctx.now);
  const paymentMethod = buildPaymentMethod({
    card: { ...card, email: card.email ?? customer.email },
    customer: customer.id,
    created: ctx.now,
  });
  ctx.state.paymentMethods[paymentMethod.id] = paymentMethod;
  ctx.emit('payment_method.attached', paymentMethod);
  const previousSettings = { ...customer.invoice_settings };
  customer.invoice_settings.default_payment_method = paymentMethod.id;
  ctx.emit('customer.updated', customer, { invoice_settings: previousSettings });

  let paidInvoices = 0;
  for (const subscription of subscriptionsOf(ctx, customer.id)) {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
      continue;
    const previous: Record<string, unknown> = {
      default_payment_method: subscription.default_payment_method,
    };
    subscription.default_payment_method = paymentMethod.id;
    const open =
      subscription.status === 'past_due' && typeof subscription.latest_invoice === 'string'
        ? ctx.state.invoices[subscription.latest_invoice]
        : undefined;
    if (!open || open.status !== 'open') {
      ctx.emit('customer.subscription.updated', subscription, previous);
      continue;
    }
    const paid = collectInvoice(ctx, open, paymentMethod, false);
    if (paid) {
      previous.status = subscription.status;
      subscription.status = 'active';
      paidInvoices += 1;
    }
    ctx.emit('customer.subscription.updated', subscription, previous);
    emitInvoiceResult(ctx, open, paid);
  }
  ctx.store.changed();
  return { paidInvoices };
};

const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due: the last payment failed',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

const PORTAL_STYLE = `<style>
  table { width: 100%; border-collapse: collapse; font-size: .875rem; margin-top: .5rem; }
  th, td { text-align: left; padding: .4rem .25rem; border-bottom: 1px solid #e3e8ee; }
  td.amount { text-align: right; } h2 { font-size: 1rem; margin: 1.5rem 0 .25rem; }
  .warning { color: #8a2c0d; background: #fff4e5; border-radius: 6px; padding: .6rem; margin: .5rem 0; }
  .ok { color: #0e6245; background: #e6f6ee; border-radius: 6px; padding: .6rem; margin: .5rem 0; }
  .card { font-family: ui-monospace, monospace; }
</style>`;

const cardLine = (ctx: Context, id: string | null | undefined) => {
  const card = id ? ctx.state.paymentMethods[id]?.card : undefined;
  return card
    ? `<span class="card">${escapeHtml(card.brand.toUpperCase())} •••• ${escapeHtml(card.last4)}</span>, expires ${card.exp_month}/${card.exp_year}`
    : 'No card on file';
};

type CardForm = Partial<Record<'cardNumber' | 'cardExpiry' | 'cardCvc' | 'billingName', string>>;

const portalPage = (
  ctx: Context,
  session: Stripe.BillingPortal.Session,
  options: { form?: CardForm; error?: string; notice?: string },
) => {
  const customer = mustFind(ctx, 'customers', session.customer, 'customer');
  const subscriptions = subscriptionsOf(ctx, customer.id);
  const invoices = invoicesOf(ctx, customer.id);
  const value = (name: keyof CardForm) => escapeHtml(options.form?.[name] ?? '');
  const pastDue = subscriptions.some((subscription) => subscription.status === 'past_due');
  const back = session.return_url
    ? `<a class="back" href="${escapeHtml(session.return_url)}">← Return to the marketplace</a>`
    : '';
  const subscriptionRows = subscriptions
    .map((subscription) => {
      const item = subscription.items.data[0];
      const product = item ? ctx.state.products[item.price.product as string]?.name : undefined;
      const when =
        subscription.status === 'canceled'
          ? `ended ${dateOf(subscription.ended_at ?? subscription.canceled_at ?? ctx.now)}`
          : item
            ? `${subscription.cancel_at_period_end ? 'ends' : 'renews'} ${dateOf(item.current_period_end)}`
            : '';
      return `<tr><td>${escapeHtml(product ?? 'Subscription')}</td><td>${escapeHtml(STATUS_WORDS[subscription.status] ?? subscription.status)}</td><td>${escapeHtml(when)}</td></tr>`;
    })
    .join('');
  const invoiceRows = invoices
    .map(
      (invoice) =>
        `<tr><td>${dateOf(invoice.created)}</td><td><a href="${portalPagePath(session.id)}/invoices/${escapeHtml(invoice.id)}">${escapeHtml(invoice.number ?? invoice.id)}</a></td><td>${invoice.status === 'paid' ? 'Paid' : invoice.status === 'open' ? 'Due' : escapeHtml(invoice.status ?? '')}</td><td class="amount">${formatPounds(invoice.total)}</td></tr>`,
    )
    .join('');
  return page(
    'Billing',
    `${PORTAL_STYLE}${back}
<div class="badge">Local Stripe (test mode)</div>
<h1>Billing for ${escapeHtml(customer.email ?? customer.name ?? 'your account')}</h1>
${options.notice ? `<div class="ok" role="status">${escapeHtml(options.notice)}</div>` : ''}
${pastDue ? '<div class="warning" role="alert">Your last payment failed. Update your card to pay the open invoice and keep your plan.</div>' : ''}
<h2>Payment method</h2>
<p>${cardLine(ctx, customer.invoice_settings.default_payment_method as string | null)}</p>
<form method="post" action="${portalPagePath(session.id)}/card">
  <label for="cardNumber">New card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${value('cardNumber')}" required>
  <div class="row">
    <div><label for="cardExpiry">Expiration</label>
      <input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" value="${value('cardExpiry')}" required></div>
    <div><label for="cardCvc">CVC</label>
      <input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="${value('cardCvc')}" required></div>
  </div>
  <label for="billingName">Cardholder name</label>
  <input id="billingName" name="billingName" autocomplete="cc-name" value="${value('billingName')}" required>
  ${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
  <button type="submit">Update card</button>
</form>
<h2>Subscriptions</h2>
${subscriptionRows ? `<table><tbody>${subscriptionRows}</tbody></table>` : '<p>No subscriptions.</p>'}
<h2>Invoice history</h2>
${invoiceRows ? `<table><thead><tr><th>Date</th><th>Invoice</th><th>Status</th><th class="amount">Amount</th></tr></thead><tbody>${invoiceRows}</tbody></table>` : '<p>No invoices yet.</p>'}
<p class="hint">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 0259 pays and is then disputed.</p>`,
  );
};

const receiptPage = (
  ctx: Context,
  session: Stripe.BillingPortal.Session,
  invoice: Stripe.Invoice,
) => {
  const lines = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description ?? '')}</td><td class="amount">${formatPounds(line.amount)}</td></tr>`,
    )
    .join('');
  const paidAt = invoice.status_transitions.paid_at;
  return page(
    `Invoice ${invoice.number ?? invoice.id}`,
    `${PORTAL_STYLE}<a class="back" href="${portalPagePath(session.id)}">← Back to billing</a>
<div class="badge">Local Stripe (test mode)</div>
<h1>${invoice.status === 'paid' ? 'Receipt' : 'Invoice'} ${escapeHtml(invoice.number ?? invoice.id)}</h1>
<p>${escapeHtml(invoice.account_name ?? '')}<br>Billed to ${escapeHtml(invoice.customer_email ?? '')}</p>
<p>${paidAt ? `Paid on ${dateOf(paidAt)}` : `Due: ${formatPounds(invoice.amount_remaining)}`}</p>
<table><tbody>${lines}</tbody><tfoot><tr><th>Total</th><th class="amount">${formatPounds(invoice.total)}</th></tr>
<tr><th>Amount paid</th><th class="amount">${formatPounds(invoice.amount_paid)}</th></tr></tfoot></table>`,
  );
};

const notFoundPage = (response: ServerResponse) =>
  sendHtml(response, 404, page('Not found', '<h1>This billing page does not exist.</h1>'));

/** `GET /p/session/{id}`, `POST /p/session/{id}/card`, `GET /p/session/{id}/invoices/{invoice}`. */
export const handlePortalPage = async (
  ctx: Context,
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> => {
  const match = /^\/p\/session\/([^/]+)(?:\/(card|invoices\/([^/]+)))?$/.exec(path);
  const session = match ? ctx.state.portalSessions[decodeURIComponent(match[1]!)] : undefined;
  if (!match || !session) return notFoundPage(response);
  if (match[2] === 'card' && request.method === 'POST') {
    const form = decodeForm(await readBody(request)) as CardForm;
    try {
      const { paidInvoices } = updatePortalCard(ctx, session.id, {
        number: form.cardNumber ?? '',
        expiry: form.cardExpiry,
        cvc: form.cardCvc,
        name: form.billingName,
      });
      return redirect(
        response,
        `${portalPagePath(session.id)}?updated=${paidInvoices > 0 ? 'paid' : 'card'}`,
      );
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return sendHtml(
        response,
        error.status,
        portalPage(ctx, session, { form, error: error.body.message }),
      );
    }
  }
  if (match[3]) {
    const invoice = ctx.state.invoices[decodeURIComponent(match[3])];
    if (!invoice || invoice.customer !== session.customer) return notFoundPage(response);
    return sendHtml(response, 200, receiptPage(ctx, session, invoice));
  }
  if (match[2]) return notFoundPage(response);
  const updated = new URL(request.url ?? '/', 'http://localhost').searchParams.get('updated');
  const notice =
    updated === 'paid'
      ? 'Your card was updated and the open invoice has been paid.'
      : updated === 'card'
        ? 'Your card was updated.'
        : undefined;
  sendHtml(response, 200, portalPage(ctx, session, { notice }));
};
