/**
 * The `/v1` endpoints the product calls, and nothing else: each route takes the decoded
 * parameters and returns the object Stripe would, expanded as `expand[]` asks (an id becomes its
 * object; the includable lists `line_items` of a session and `payments` of an invoice are filled).
 */
import type Stripe from 'stripe';
import { cancelSubscription } from './billing';
import { updateSubscription } from './subscription-update';
import { listInvoices } from './invoices';
import { createSession } from './checkout';
import {
  createAccount,
  createAccountLink,
  createLoginLink,
  createTransfer,
  listTransfers,
  updateTransfer,
} from './connect';
import { retrieveBalance } from './balance';
import { mustFind, type Collection, type Context } from './context';
import {
  expandParam,
  invalidRequest,
  resourceMissing,
  metadataParam,
  objectParam,
  stringParam,
  type Params,
} from './http';
import { buildCustomer, listOf } from './objects';
import { createRefund } from './payments';
import { closeDispute, listDisputes } from './disputes';
import { createPortalSession } from './portal';

type Handler = (ctx: Context, params: Params, id: string) => object;

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** `:id` stands for one path segment. */
  path: string;
  handler: Handler;
}

/** `GET <path>/:id`: the stored object, or Stripe's `resource_missing` naming `what`. */
const retrieve = (path: string, collection: Collection, what: string): Route => ({
  method: 'GET',
  path: `${path}/:id`,
  handler: (ctx, _p, id) => mustFind(ctx, collection, id, what),
});

const createCustomer: Handler = (ctx, params) => {
  const customer = buildCustomer({
    email: stringParam(params, 'email') ?? null,
    name: stringParam(params, 'name') ?? null,
    metadata: metadataParam(params) ?? {},
    created: ctx.now,
  });
  ctx.state.customers[customer.id] = customer;
  ctx.store.changed();
  return customer;
};

const updateCustomer: Handler = (ctx, params, id) => {
  const customer = mustFind(ctx, 'customers', id, 'customer');
  const email = stringParam(params, 'email');
  if (email !== undefined) customer.email = email || null;
  const name = stringParam(params, 'name');
  if (name !== undefined) customer.name = name || null;
  const metadata = metadataParam(params);
  if (metadata) {
    for (const [key, value] of Object.entries(metadata)) {
      if (value === '') delete customer.metadata[key];
      else customer.metadata[key] = value;
    }
  }
  const settings = objectParam(params, 'invoice_settings');
  const paymentMethod =
    settings &&
    stringParam(settings, 'default_payment_method', 'invoice_settings[default_payment_method]');
  if (paymentMethod !== undefined) {
    if (paymentMethod)
      mustFind(
        ctx,
        'paymentMethods',
        paymentMethod,
        'PaymentMethod',
        'invoice_settings[default_payment_method]',
      );
    customer.invoice_settings.default_payment_method = paymentMethod || null;
  }
  ctx.store.changed();
  return customer;
};

const sessionLineItems = (ctx: Context, id: string): Stripe.ApiList<Stripe.LineItem> =>
  listOf(ctx.state.sessionLineItems[id] ?? [], `/v1/checkout/sessions/${id}/line_items`);

const invoicePayments = (ctx: Context, id: string): Stripe.ApiList<Stripe.InvoicePayment> =>
  listOf(
    Object.values(ctx.state.invoicePayments)
      .filter((payment) => payment.invoice === id)
      .reverse(),
    `/v1/invoice_payments?invoice=${id}`,
  );

const routes: Route[] = [
  { method: 'POST', path: '/v1/customers', handler: createCustomer },
  retrieve('/v1/customers', 'customers', 'customer'),
  { method: 'POST', path: '/v1/customers/:id', handler: updateCustomer },
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    handler: (ctx, params) => createSession(ctx, params),
  },
  retrieve('/v1/checkout/sessions', 'sessions', 'checkout.session'),
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    handler: (ctx, _p, id) => (
      mustFind(ctx, 'sessions', id, 'checkout.session'),
      sessionLineItems(ctx, id)
    ),
  },
  retrieve('/v1/prices', 'prices', 'price'),
  retrieve('/v1/products', 'products', 'product'),
  retrieve('/v1/subscriptions', 'subscriptions', 'subscription'),
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    handler: (ctx, params, id) => updateSubscription(ctx, id, params),
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    handler: (ctx, _p, id) => cancelSubscription(ctx, id),
  },
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    handler: (ctx, params) => createPortalSession(ctx, params),
  },
  { method: 'GET', path: '/v1/invoices', handler: (ctx, params) => listInvoices(ctx, params) },
  retrieve('/v1/invoices', 'invoices', 'invoice'),
  retrieve('/v1/payment_methods', 'paymentMethods', 'PaymentMethod'),
  retrieve('/v1/payment_intents', 'paymentIntents', 'payment_intent'),
  retrieve('/v1/charges', 'charges', 'charge'),
  { method: 'POST', path: '/v1/refunds', handler: (ctx, params) => createRefund(ctx, params) },
  retrieve('/v1/refunds', 'refunds', 'refund'),
  { method: 'GET', path: '/v1/disputes', handler: (ctx, params) => listDisputes(ctx, params) },
  retrieve('/v1/disputes', 'disputes', 'dispute'),
  {
    method: 'POST',
    path: '/v1/disputes/:id/close',
    handler: (ctx, _p, id) => closeDispute(ctx, id),
  },
  { method: 'POST', path: '/v1/accounts', handler: (ctx, params) => createAccount(ctx, params) },
  retrieve('/v1/accounts', 'accounts', 'account'),
  {
    method: 'POST',
    path: '/v1/accounts/:id/login_links',
    handler: (ctx, _p, id) => createLoginLink(ctx, id),
  },
  {
    method: 'POST',
    path: '/v1/account_links',
    handler: (ctx, params) => createAccountLink(ctx, params),
  },
  { method: 'POST', path: '/v1/transfers', handler: (ctx, params) => createTransfer(ctx, params) },
  { method: 'GET', path: '/v1/transfers', handler: (ctx, params) => listTransfers(ctx, params) },
  retrieve('/v1/transfers', 'transfers', 'transfer'),
  {
    method: 'POST',
    path: '/v1/transfers/:id',
    handler: (ctx, params, id) => updateTransfer(ctx, id, params),
  },
  { method: 'GET', path: '/v1/balance', handler: (ctx) => retrieveBalance(ctx) },
  {
    method: 'GET',
    path: '/v1/events/:id',
    handler: (ctx, _p, id) => {
      const event = ctx.state.events.find((candidate) => candidate.id === id);
      if (!event) throw resourceMissing('event', id);
      return event;
    },
  },
];

const matchRoute = (method: string, path: string): { route: Route; id: string } | undefined => {
  const segments = path.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    let id = '';
    const matches = pattern.every((part, index) => {
      if (part === ':id') {
        id = decodeURIComponent(segments[index]!);
        return id.length > 0;
      }
      return part === segments[index];
    });
    if (matches) return { route, id };
  }
  return undefined;
};

/** Follows one `expand` path (`subscription`, `payments.data.payment.payment_intent`) in place. */
const expandInto = (
  ctx: Context,
  holder: Record<string, unknown>,
  path: string[],
  full: string,
): void => {
  const [key, ...rest] = path;
  if (!key) return;
  let value = holder[key];
  if (typeof value === 'string') {
    const found = ctx.store.find(value);
    if (!found) throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
    value = structuredClone(found);
  } else if (value === undefined && key === 'line_items' && holder.object === 'checkout.session') {
    value = structuredClone(sessionLineItems(ctx, holder.id as string));
  } else if (value === undefined && key === 'payments' && holder.object === 'invoice') {
    value = structuredClone(invoicePayments(ctx, holder.id as string));
  } else if (value === undefined) {
    throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
  }
  holder[key] = value;
  if (rest.length === 0 || value === null) return;
  const targets = Array.isArray(value) ? value : [value];
  for (const target of targets) {
    if (typeof target === 'object' && target !== null) {
      expandInto(ctx, target as Record<string, unknown>, rest, full);
    }
  }
};

export interface ApiResult {
  status: number;
  body: unknown;
}

/** Runs `/v1` request `method path` with `params`; undefined when no such endpoint exists. */
export const handleApiRequest = (
  ctx: Context,
  method: string,
  path: string,
  params: Params,
): ApiResult | undefined => {
  const matched = matchRoute(method, path);
  if (!matched) return undefined;
  const result = structuredClone(matched.route.handler(ctx, params, matched.id)) as Record<
    string,
    unknown
  >;
  for (const expand of expandParam(params)) {
    const parts = expand.split('.');
    if (parts.length > 4)
      throw invalidRequest(
        `You cannot expand more than 4 levels of a property (${expand}).`,
        'expand',
      );
    expandInto(ctx, result, parts, expand);
  }
  return { status: 200, body: result };
};
