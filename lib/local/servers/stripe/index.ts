/**
 * The local Stripe-compatible server (one code path to Stripe). stripe-node is
 * pointed at it by `STRIPE_API_URL` (lambdas/shared/adapters/stripe.ts); it answers exactly the
 * endpoints the product calls with Stripe's shapes and errors, serves the hosted Checkout,
 * customer portal and Connect onboarding pages, and delivers signed events to the webhook URL. It holds state, not
 * business logic. In process, node:http only; starts in a few milliseconds.
 *
 * Files: server.ts (HTTP, auth, idempotency), api.ts (the `/v1` routes, `expand`), checkout.ts,
 * billing.ts, subscription-update.ts, invoices.ts, payments.ts, connect.ts, portal.ts (Stripe's
 * behaviour; portal.ts also serves the customer portal's page), objects.ts,
 * payment-objects.ts, checkout-objects.ts and billing-objects.ts (Stripe's object shapes),
 * pages.ts (hosted pages), webhooks.ts (events, delivery), control.ts (the `/_local` control API)
 * and control-client.ts (its client), store.ts (state, persisted), context.ts (what operations
 * share).
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { STRIPE_API_VERSION } from '../../../../lambdas/shared/adapters/stripe';
import { createLocalStripeControl, type LocalStripeControl } from './control-client';
import { buildPrice, buildProduct } from './objects';
import { createStripeServer } from './server';
import { createStore, nowSeconds, type Store } from './store';
import { createWebhookDispatcher } from './webhooks';

export interface LocalStripeOptions {
  /** 0: any free port. */
  port: number;
  /** Where `state.json` is kept between starts; in memory only when absent. */
  dataDir?: string;
  /** The `sk_…` key requests must carry (the handlers' STRIPE_SECRET_KEY). */
  secretKey: string;
  /** The `whsec_…` secret deliveries are signed with (the handlers' STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where events go; settable later (the stack knows its own URL only after listening). */
  webhookUrl?: string;
}

/** The price ids of the paid plans, as configured in this (local) Stripe account. */
export interface LocalStripePrices {
  basic: string;
  pro: string;
  premium: string;
}

export interface LocalStripe {
  /** `http://localhost:<port>`: STRIPE_API_URL. */
  endpoint: string;
  /** `<endpoint>/_local`: the control API (control.ts). */
  controlUrl: string;
  prices: LocalStripePrices;
  setWebhookUrl(url: string | undefined): void;
  /** A client of the control API. */
  control: LocalStripeControl;
  /** Stops the server and delivery, and writes the state; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The account's catalogue, created at first start with stable ids: the three monthly GBP plans of
 * the contract's plans (Basic £1, Pro £2, Premium £3), as someone would create them in Stripe's dashboard.
 */
const CATALOGUE = [
  { key: 'basic', name: 'Basic', unitAmount: 100 },
  { key: 'pro', name: 'Pro', unitAmount: 200 },
  { key: 'premium', name: 'Premium', unitAmount: 300 },
] as const;

const ensureCatalogue = (store: Store): LocalStripePrices => {
  const created = nowSeconds();
  const ids = {} as Record<keyof LocalStripePrices, string>;
  for (const entry of CATALOGUE) {
    const product = buildProduct({ id: `prod_local_${entry.key}`, name: entry.name, created });
    const price = buildPrice({
      id: `price_local_${entry.key}`,
      product: product.id,
      unitAmount: entry.unitAmount,
      recurring: true,
      created,
      lookupKey: entry.key,
      nickname: entry.name,
    });
    product.default_price = price.id;
    store.state.products[product.id] ??= product;
    store.state.prices[price.id] ??= price;
    ids[entry.key] = price.id;
  }
  store.changed();
  return ids;
};

/** Starts the server; resolves once it listens. */
export const startLocalStripe = async (options: LocalStripeOptions): Promise<LocalStripe> => {
  const store = createStore(options.dataDir ? join(options.dataDir, 'state.json') : undefined);
  const prices = ensureCatalogue(store);
  const webhooks = createWebhookDispatcher({
    store,
    secret: options.webhookSecret,
    apiVersion: STRIPE_API_VERSION,
    ...(options.webhookUrl ? { initialUrl: options.webhookUrl } : {}),
  });
  let endpoint = '';
  const server = createStripeServer({
    store,
    webhooks,
    secretKey: options.secretKey,
    endpoint: () => endpoint,
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, 'localhost', () => {
      server.off('error', fail);
      done();
    });
  });
  endpoint = `http://localhost:${(server.address() as AddressInfo).port}`;
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    controlUrl: `${endpoint}/_local`,
    prices,
    setWebhookUrl: (url) => webhooks.setUrl(url),
    control: createLocalStripeControl(endpoint, options.secretKey),
    stop: () => {
      stopping ??= (async () => {
        await webhooks.stop();
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
        store.flush();
      })();
      return stopping;
    },
  };
};
