/**
 * The one Stripe client (one code path to each third party). stripe-node with a
 * pinned API version, its secret key from Secrets Manager (cloud) or `.env`/the local stack, and,
 * when `STRIPE_API_URL` is set, pointed by its `host`/`port`/`protocol` options at the local
 * Stripe-compatible server of lib/local/servers/stripe. Nothing above this module knows which it talks to.
 *
 * Every call that moves money passes an `idempotencyKey` (docs/data-model.md, section 1.2); stripe-node
 * retries network failures itself (`maxNetworkRetries`), reusing that key, so a retry never pays
 * twice. Its timeout and tries are Stripe's budget in contract/third-parties.ts; a Stripe that does
 * not answer within it reaches the caller as its one 503 (adapters/unavailable.ts).
 *
 * stripe-node is imported on first use: a function whose route never calls Stripe (the
 * subscription view, a refund list) never loads its 240 KB.
 */
import type Stripe from 'stripe';
import { callBudgets } from '../../../contract/third-parties';
import { config } from '../config';
import { readSecret } from '../secrets';

export type { Stripe };

/** The API version every request names: responses keep this shape until we change it here. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

let client: Promise<Stripe> | undefined;

const endpointOptions = (apiUrl: string | undefined): Stripe.StripeConfig => {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
};

/** The configured client, created once per container on first use. */
export const stripe = (): Promise<Stripe> => {
  client ??= Promise.all([readSecret('stripeSecretKey'), import('stripe')]).then(
    ([key, { default: StripeClient }]) =>
      new StripeClient(key, {
        apiVersion: STRIPE_API_VERSION,
        // The budget of contract/third-parties.ts: a Stripe that does not answer is said to the
        // caller (503) well inside the API's timeout; the retry reuses the request's idempotency key.
        maxNetworkRetries: callBudgets.stripe.tries - 1,
        timeout: callBudgets.stripe.timeoutMs,
        telemetry: false,
        appInfo: { name: 'mvp-marketplace' },
        ...endpointOptions(config().STRIPE_API_URL),
      }),
  );
  client.catch(() => {
    client = undefined;
  });
  return client;
};

/**
 * A webhook's event, verified on the raw body with the endpoint's signing secret; throws
 * `Stripe.errors.StripeSignatureVerificationError` when the signature is missing or wrong.
 */
export const verifyStripeEvent = async (
  rawBody: string,
  signature: string | undefined,
): Promise<Stripe.Event> => {
  const [stripeClient, secret] = await Promise.all([stripe(), readSecret('stripeWebhookSecret')]);
  return stripeClient.webhooks.constructEvent(rawBody, signature ?? '', secret);
};

/**
 * True for stripe-node's errors (card declined, invalid request, …): they carry Stripe's `type`
 * (`StripeCardError`, `StripeInvalidRequestError`, …). Checked by shape, so this module does not
 * load stripe-node to recognise one.
 */
export const isStripeError = (error: unknown): error is Stripe.errors.StripeError => {
  if (!(error instanceof Error) || !('rawType' in error)) return false;
  const { type } = error as { type?: unknown };
  return typeof type === 'string' && type.startsWith('Stripe');
};
