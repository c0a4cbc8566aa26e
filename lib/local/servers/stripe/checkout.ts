/**
 * Stripe Checkout: creating a session (subscription mode with a recurring price, payment mode with
 * `price_data`), and completing it with a test card, which the hosted page and the control API
 * both do through {@link completeSession}: `4242 4242 4242 4242` pays, `4000 0000 0000 0002` is
 * declined (the session stays open), `4000 0000 0000 0259` pays and its card issuer then opens a
 * dispute (a chargeback, disputes.ts), any other number is invalid, as Stripe's test cards behave.
 */
import { openDispute } from './disputes';
import type Stripe from 'stripe';
import { startSubscription } from './billing';
import { buildLineItem, buildSession } from './checkout-objects';
import { mustFind, type Context } from './context';
import {
  cardError,
  integerParam,
  invalidRequest,
  metadataParam,
  objectParam,
  stringParam,
  type Params,
} from './http';
import { buildCustomer, buildPrice, buildProduct, CURRENCY, emptyAddress } from './objects';
import { buildPaymentMethod, type CardInput } from './payment-objects';
import { DECLINE, payWithCard } from './payments';

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  disputed: '4000000000000259',
} as const;

/** `/c/pay/{id}`: the hosted Checkout page of a session. */
export const checkoutPagePath = (sessionId: string) => `/c/pay/${sessionId}`;

const lineItemsOf = (ctx: Context, params: Params, mode: 'payment' | 'subscription') => {
  const items = params.line_items;
  if (!Array.isArray(items) || items.length === 0) {
    throw invalidRequest('Missing required param: line_items.', 'line_items', 'parameter_missing');
  }
  if (mode === 'subscription' && items.length !== 1) {
    throw invalidRequest('The local Stripe server sells one price per subscription.', 'line_items');
  }
  return items.map((raw, index) => {
    const path = `line_items[${index}]`;
    if (typeof raw !== 'object' || Array.isArray(raw))
      throw invalidRequest(`Invalid object: ${path}`, path);
    const quantity = integerParam(raw, 'quantity', `${path}[quantity]`) ?? 1;
    if (quantity < 1) throw invalidRequest('Invalid positive integer', `${path}[quantity]`);
    const priceId = stringParam(raw, 'price', `${path}[price]`);
    let price: Stripe.Price;
    if (priceId) price = mustFind(ctx, 'prices', priceId, 'price', `${path}[price]`);
    else {
      const data = objectParam(raw, 'price_data');
      if (!data)
        throw invalidRequest(
          `You must specify either \`price\` or \`price_data\` in ${path}.`,
          path,
        );
      const currency = stringParam(data, 'currency', `${path}[price_data][currency]`);
      if (currency?.toLowerCase() !== CURRENCY) {
        throw invalidRequest(
          `The local Stripe server charges in ${CURRENCY} only.`,
          `${path}[price_data][currency]`,
        );
      }
      const unitAmount = integerParam(data, 'unit_amount', `${path}[price_data][unit_amount]`);
      if (unitAmount === undefined || unitAmount < 0) {
        throw invalidRequest(
          'Missing required param: unit_amount.',
          `${path}[price_data][unit_amount]`,
          'parameter_missing',
        );
      }
      const name = stringParam(
        objectParam(data, 'product_data') ?? {},
        'name',
        `${path}[price_data][product_data][name]`,
      );
      if (!name) {
        throw invalidRequest(
          'Missing required param: product_data[name].',
          `${path}[price_data][product_data][name]`,
          'parameter_missing',
        );
      }
      if (objectParam(data, 'recurring')) {
        throw invalidRequest(
          'The local Stripe server takes recurring prices by id only.',
          `${path}[price_data][recurring]`,
        );
      }
      const product = buildProduct({ name, created: ctx.now });
      price = buildPrice({ product: product.id, unitAmount, recurring: false, created: ctx.now });
      ctx.state.products[product.id] = product;
      ctx.state.prices[price.id] = price;
    }
    if (mode === 'subscription' && price.type !== 'recurring') {
      throw invalidRequest(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        `${path}[price]`,
      );
    }
    if (mode === 'payment' && price.type === 'recurring') {
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `${path}[price]`,
      );
    }
    const description = ctx.state.products[price.product as string]?.name ?? '';
    return buildLineItem({ price, quantity, description });
  });
};

/** `POST /v1/checkout/sessions`. */
export const createSession = (ctx: Context, params: Params): Stripe.Checkout.Session => {
  const mode = stringParam(params, 'mode');
  if (mode !== 'payment' && mode !== 'subscription') {
    throw invalidRequest(
      mode
        ? `Invalid mode: the local Stripe server supports payment and subscription.`
        : 'Missing required param: mode.',
      'mode',
      mode ? undefined : 'parameter_missing',
    );
  }
  const customer = stringParam(params, 'customer') ?? null;
  const customerEmail = stringParam(params, 'customer_email') ?? null;
  if (customer && customerEmail) {
    throw invalidRequest(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer_email',
    );
  }
  if (customer) mustFind(ctx, 'customers', customer, 'customer', 'customer');
  const successUrl = stringParam(params, 'success_url');
  if (!successUrl)
    throw invalidRequest(
      'Missing required param: success_url.',
      'success_url',
      'parameter_missing',
    );
  const lineItems = lineItemsOf(ctx, params, mode);
  const session = buildSession({
    mode,
    customer,
    customerEmail,
    clientReferenceId: stringParam(params, 'client_reference_id') ?? null,
    metadata: metadataParam(params) ?? {},
    successUrl,
    cancelUrl: stringParam(params, 'cancel_url') ?? null,
    amount: lineItems.reduce((sum, item) => sum + item.amount_total, 0),
    pageUrl: (id) => `${ctx.endpoint}${checkoutPagePath(id)}`,
    created: ctx.now,
  });
  ctx.state.sessions[session.id] = session;
  ctx.state.sessionLineItems[session.id] = lineItems;
  ctx.state.sessionSetup[session.id] = {
    subscriptionMetadata: metadataParam(objectParam(params, 'subscription_data') ?? {}) ?? {},
    paymentIntentMetadata: metadataParam(objectParam(params, 'payment_intent_data') ?? {}) ?? {},
  };
  ctx.store.changed();
  return session;
};

/** What the page (or the control API) submits; only `number` is required. */
export interface CardSubmission {
  number: string;
  /** `MM / YY` or `MM/YYYY`. */
  expiry?: string;
  cvc?: string;
  name?: string;
  email?: string;
}

/** The card as Stripe's card element checks it, or the card error Stripe.js shows. */
export const validateCard = (submission: CardSubmission, now: number): CardInput => {
  const number = submission.number.replace(/[\s-]/g, '');
  if (!(Object.values(TEST_CARDS) as string[]).includes(number)) {
    throw cardError('invalid_number', 'Your card number is invalid.', { param: 'number' });
  }
  const today = new Date(now * 1000);
  let expMonth = 12;
  let expYear = today.getUTCFullYear() + 3;
  if (submission.expiry !== undefined && submission.expiry.trim() !== '') {
    // `12 / 34`, `12/34`, `12/2034` or `1234`, as Stripe's card element accepts them.
    const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(submission.expiry);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) {
      throw cardError('invalid_expiry_month', "Your card's expiration date is incomplete.", {
        param: 'exp_month',
      });
    }
    expMonth = Number(match[1]);
    expYear = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    if (
      expYear < today.getUTCFullYear() ||
      (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
    ) {
      throw cardError('invalid_expiry_year', "Your card's expiration year is in the past.", {
        param: 'exp_year',
      });
    }
  }
  if (
    submission.cvc !== undefined &&
    submission.cvc.trim() !== '' &&
    !/^\d{3,4}$/.test(submission.cvc.trim())
  ) {
    throw cardError('incomplete_cvc', "Your card's security code is incomplete.", { param: 'cvc' });
  }
  if (number === TEST_CARDS.declined)
    throw cardError(DECLINE.code, DECLINE.message, { declineCode: DECLINE.declineCode });
  return {
    number,
    expMonth,
    expYear,
    name: submission.name?.trim() || null,
    email: submission.email?.trim() || null,
  };
};

/** Where Stripe sends the browser after a paid session. */
export const successRedirect = (session: Stripe.Checkout.Session): string =>
  (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);

/**
 * Pays an open session with a test card: the customer (created when the session named none), the
 * payment method (made the default), then the subscription and its paid invoice, or the one-time
 * payment; the session becomes complete and `checkout.session.completed` follows the objects' own
 * events. A declined or invalid card throws the card error and changes nothing.
 */
export const completeSession = (
  ctx: Context,
  sessionId: string,
  submission: CardSubmission,
): { session: Stripe.Checkout.Session; redirectUrl: string } => {
  const session = mustFind(ctx, 'sessions', sessionId, 'checkout session');
  if (session.status !== 'open') throw invalidRequest('This Checkout Session is no longer active.');
  const card = validateCard(submission, ctx.now);
  const lineItems = ctx.state.sessionLineItems[session.id] ?? [];
  const setup = ctx.state.sessionSetup[session.id] ?? {
    subscriptionMetadata: {},
    paymentIntentMetadata: {},
  };
  const email = card.email ?? session.customer_email;
  let customer = session.customer
    ? mustFind(ctx, 'customers', session.customer as string, 'customer')
    : undefined;
  if (!customer && session.mode === 'subscription') {
    customer = buildCustomer({ email, name: card.name, metadata: {}, created: ctx.now });
    ctx.state.customers[customer.id] = customer;
  }
  const paymentMethod = buildPaymentMethod({
    card: { ...card, email },
    customer: session.mode === 'subscription' ? customer!.id : null,
    created: ctx.now,
  });
  ctx.state.paymentMethods[paymentMethod.id] = paymentMethod;
  if (session.mode === 'subscription') {
    customer!.invoice_settings.default_payment_method = paymentMethod.id;
    const [item] = lineItems;
    const { subscription, invoice } = startSubscription(ctx, {
      customer: customer!,
      price: item!.price!,
      quantity: item!.quantity ?? 1,
      paymentMethod,
      metadata: setup.subscriptionMetadata,
    });
    session.subscription = subscription.id;
    session.invoice = invoice.id;
  } else {
    const { paymentIntent } = payWithCard(ctx, {
      amount: session.amount_total ?? 0,
      customer: customer?.id ?? null,
      paymentMethod,
      description: lineItems.map((item) => item.description).join(', ') || null,
      metadata: setup.paymentIntentMetadata,
    });
    session.payment_intent = paymentIntent.id;
  }
  session.status = 'complete';
  session.payment_status = 'paid';
  session.customer = customer?.id ?? null;
  session.customer_details = {
    address: { ...emptyAddress(), country: 'GB' },
    business_name: null,
    email: email ?? customer?.email ?? null,
    individual_name: null,
    name: card.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.collected_information = {
    business_name: null,
    individual_name: null,
    shipping_details: null,
  };
  ctx.store.changed();
  ctx.emit('checkout.session.completed', session);
  if (card.number === TEST_CARDS.disputed) {
    const charge = Object.values(ctx.state.charges).findLast(
      (candidate) => candidate.payment_method === paymentMethod.id,
    );
    if (charge) openDispute(ctx, charge.id);
  }
  return { session, redirectUrl: successRedirect(session) };
};
