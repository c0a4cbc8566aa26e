/**
 * The hosted pages a browser sees: Stripe Checkout (`/c/pay/{session}`) and Connect onboarding
 * (`/connect/onboarding/{account}?link=…`). Plain HTML forms, no scripts and no external assets,
 * so they work in headless Chromium and offline; both complete through the same functions as the
 * control API (checkout.ts `completeSession`, connect.ts `completeOnboarding`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { completeSession } from './checkout';
import { completeOnboarding, resolveAccountLink } from './connect';
import { formatPounds, type Context } from './context';
import { decodeForm, readBody, redirect, sendHtml, StripeApiError } from './http';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f6f8fa; color: #1a1f36; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 8px; padding: 2rem;
    box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  .badge { display: inline-block; font-size: .75rem; background: #ffde92; color: #5a3a00; border-radius: 4px;
    padding: .1rem .4rem; margin-bottom: 1rem; }
  .summary { border-bottom: 1px solid #e3e8ee; margin-bottom: 1rem; padding-bottom: 1rem; }
  .total { font-size: 1.75rem; font-weight: 600; }
  label { display: block; font-size: .875rem; margin: .75rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #cfd7df; border-radius: 6px; font-size: 1rem; }
  .row { display: flex; gap: .75rem; } .row > div { flex: 1; }
  button { width: 100%; margin-top: 1.25rem; padding: .8rem; border: 0; border-radius: 6px; background: #635bff;
    color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
  .error { color: #df1b41; background: #fff0f3; border-radius: 6px; padding: .6rem; margin-top: 1rem; }
  a { color: #635bff; } .back { display: inline-block; margin-bottom: 1rem; text-decoration: none; }
  .hint { color: #6a7383; font-size: .8rem; margin-top: 1rem; }`;

export const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;

/** What the Checkout form posted, with the values to show again after an error. */
type CheckoutForm = Partial<
  Record<'email' | 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'billingName', string>
>;

const checkoutPage = (
  ctx: Context,
  session: Stripe.Checkout.Session,
  form: CheckoutForm,
  error?: string,
) => {
  const items = ctx.state.sessionLineItems[session.id] ?? [];
  const subscription = session.mode === 'subscription';
  const email =
    form.email ??
    (session.customer
      ? ctx.state.customers[session.customer as string]?.email
      : session.customer_email) ??
    '';
  const lines = items
    .map((item) => {
      const each = formatPounds(item.price?.unit_amount ?? 0);
      const quantity = item.quantity && item.quantity > 1 ? `${item.quantity} × ` : '';
      return `<p>${quantity}${escapeHtml(item.description ?? '')} — ${each}${subscription ? ' per month' : ''}</p>`;
    })
    .join('');
  const value = (name: keyof CheckoutForm) => escapeHtml(form[name] ?? '');
  const back = session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}">← Back</a>`
    : '';
  return page(
    subscription ? 'Subscribe' : 'Pay',
    `${back}
<div class="badge">Local Stripe (test mode)</div>
<section class="summary" aria-label="Order summary">
  <h1>${subscription ? 'Subscribe to' : 'Pay for'} ${escapeHtml(items[0]?.description ?? 'your order')}</h1>
  ${lines}
  <div class="total">${formatPounds(session.amount_total ?? 0)}${subscription ? ' <small>per month</small>' : ''}</div>
</section>
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}" required>
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${value('cardNumber')}" required>
  <div class="row">
    <div><label for="cardExpiry">Expiration</label>
      <input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" value="${value('cardExpiry')}" required></div>
    <div><label for="cardCvc">CVC</label>
      <input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="${value('cardCvc')}" required></div>
  </div>
  <label for="billingName">Cardholder name</label>
  <input id="billingName" name="billingName" autocomplete="cc-name" value="${value('billingName')}" required>
  ${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
  <button type="submit">${subscription ? 'Subscribe' : 'Pay'}</button>
</form>
<p class="hint">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 0259 pays and is then disputed.</p>`,
  );
};

const notFound = (response: ServerResponse, message: string) =>
  sendHtml(response, 404, page('Not found', `<h1>${escapeHtml(message)}</h1>`));

/** `GET|POST /c/pay/{session}`. */
export const handleCheckoutPage = async (
  ctx: Context,
  sessionId: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> => {
  const session = ctx.state.sessions[sessionId];
  if (!session) return notFound(response, 'This Checkout page does not exist.');
  if (session.status !== 'open') {
    return sendHtml(
      response,
      410,
      page(
        'Checkout',
        '<h1>This Checkout Session is no longer active.</h1><p>Your payment was already processed.</p>',
      ),
    );
  }
  if (request.method !== 'POST') return sendHtml(response, 200, checkoutPage(ctx, session, {}));
  const form = decodeForm(await readBody(request)) as CheckoutForm;
  try {
    const { redirectUrl } = completeSession(ctx, session.id, {
      number: form.cardNumber ?? '',
      expiry: form.cardExpiry,
      cvc: form.cardCvc,
      name: form.billingName,
      email: form.email,
    });
    redirect(response, redirectUrl);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    sendHtml(response, error.status, checkoutPage(ctx, session, form, error.body.message));
  }
};

/** `GET|POST /connect/onboarding/{account}?link=…`. */
export const handleOnboardingPage = async (
  ctx: Context,
  accountId: string,
  linkId: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> => {
  const resolved = resolveAccountLink(ctx, accountId, linkId);
  if (!resolved.link) return notFound(response, 'This onboarding link does not exist.');
  // An expired or used link sends the browser to refresh_url, where the platform makes a new one.
  if (!resolved.valid || !resolved.account) return redirect(response, resolved.link.refresh_url);
  const { account, link } = resolved;
  if (request.method === 'POST') {
    const form = decodeForm(await readBody(request));
    const businessName = typeof form.businessName === 'string' ? form.businessName.trim() : '';
    completeOnboarding(ctx, account.id, businessName ? { businessName } : {});
    link.used = true;
    ctx.store.changed();
    return redirect(response, link.return_url);
  }
  // Prefilled as Stripe prefills what the platform passed: the business name, else the e-mail.
  const name = account.business_profile?.name ?? account.email ?? '';
  sendHtml(
    response,
    200,
    page(
      'Connect onboarding',
      `<div class="badge">Local Stripe (test mode)</div>
<h1>Set up payouts</h1>
<p>Tell us about your business to receive payouts to ${escapeHtml(account.email ?? 'your account')}.</p>
<form method="post" action="/connect/onboarding/${escapeHtml(account.id)}?link=${encodeURIComponent(linkId)}">
  <label for="businessName">Business name</label>
  <input id="businessName" name="businessName" value="${escapeHtml(name)}" required>
  <label for="country">Country</label>
  <input id="country" name="country" value="United Kingdom" readonly>
  <label for="sortCode">Sort code and account number</label>
  <input id="sortCode" name="sortCode" value="10-88-00 00012345" readonly>
  <button type="submit">Complete onboarding</button>
</form>
<p><a href="${escapeHtml(link.refresh_url)}">Return later</a></p>`,
    ),
  );
};

/**
 * `GET /express/{account}`: the connected account's Express dashboard, as far as a seller needs
 * it here: who the account pays, whether payouts are on, and the transfers it has received.
 */
export const handleExpressDashboardPage = (
  ctx: Context,
  accountId: string,
  response: ServerResponse,
): void => {
  const account = ctx.state.accounts[accountId];
  if (!account) return notFound(response, 'This Express account does not exist.');
  const transfers = Object.values(ctx.state.transfers)
    .filter((transfer) => transfer.destination === account.id)
    .sort((a, b) => b.created - a.created);
  const received = transfers.reduce(
    (sum, transfer) => sum + transfer.amount - transfer.amount_reversed,
    0,
  );
  const rows = transfers
    .map(
      (transfer) =>
        `<tr><td>${escapeHtml(new Date(transfer.created * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }))}</td><td>${escapeHtml(transfer.description ?? transfer.transfer_group ?? transfer.id)}</td><td>${formatPounds(transfer.amount - transfer.amount_reversed)}</td></tr>`,
    )
    .join('');
  sendHtml(
    response,
    200,
    page(
      'Express dashboard',
      `<div class="badge">Local Stripe (test mode)</div>
<h1>Express dashboard</h1>
<div class="summary">
  <p>${escapeHtml(account.business_profile?.name ?? account.email ?? account.id)}</p>
  <p>Payouts: <strong>${account.payouts_enabled ? 'enabled' : 'not enabled yet'}</strong></p>
  <p>Received in total</p><div class="total">${formatPounds(received)}</div>
</div>
<h2>Transfers</h2>
${rows ? `<table style="width:100%"><thead><tr><th align="left">Date</th><th align="left">What</th><th align="left">Amount</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No transfers yet.</p>'}`,
    ),
  );
};
