/**
 * The HTTP front of the local Stripe server: `/v1/…` as Stripe's API (Bearer secret key, form
 * parameters, `Idempotency-Key`, Stripe's error bodies and statuses), the hosted pages, and the
 * control API under `/_local/…`.
 *
 * Idempotency as Stripe documents it: a POST's result is saved under its key once the endpoint ran
 * (a success or a card error) and replayed for a retry with the same key (same status and body,
 * `Idempotent-Replayed: true`); the same key with other parameters is an `idempotency_error`.
 * Requests refused by validation (400/404) save nothing, so a corrected retry with the key works.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { handleApiRequest } from './api';
import type { Context, EventRequest } from './context';
import { handleControlRequest } from './control';
import { decodeForm, newId, readBody, sendJson, StripeApiError, type Params } from './http';
import { handleCheckoutPage, handleExpressDashboardPage, handleOnboardingPage } from './pages';
import { handlePortalPage } from './portal';
import { nowSeconds, type Store } from './store';
import type { WebhookDispatcher } from './webhooks';

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export interface StripeServerOptions {
  store: Store;
  webhooks: WebhookDispatcher;
  secretKey: string;
  /** The server's own URL, known once it listens (hosted page links). */
  endpoint: () => string;
}

const errorBody = (error: StripeApiError, requestId: string) => ({
  error: {
    ...error.body,
    request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
  },
});

const maskKey = (key: string) =>
  key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}` : key;

/** 401 as Stripe answers it, so stripe-node raises StripeAuthenticationError. */
const checkKey = (secretKey: string, request: IncomingMessage): StripeApiError | undefined => {
  const key = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (key === secretKey) return undefined;
  return new StripeApiError(401, {
    type: 'invalid_request_error',
    message: key
      ? `Invalid API Key provided: ${maskKey(key)}`
      : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  });
};

/**
 * How often the expired idempotency records are dropped. Not on every request: a scan of every
 * record per POST made a payout run of thousands of transfers quadratic (docs/operations.md,
 * "Monthly payouts at scale"), and a record kept a minute past its 24 hours changes nothing.
 */
const PRUNE_EVERY_SECONDS = 60;
const lastPruned = new WeakMap<Store, number>();

const pruneIdempotency = (store: Store) => {
  const now = nowSeconds();
  if (now - (lastPruned.get(store) ?? -Infinity) < PRUNE_EVERY_SECONDS) return;
  lastPruned.set(store, now);
  const oldest = now - IDEMPOTENCY_TTL_SECONDS;
  for (const key in store.state.idempotency) {
    if (store.state.idempotency[key]!.at < oldest) delete store.state.idempotency[key];
  }
};

/** Answers a retry from its saved result, or refuses the key reused with other parameters; false when the key is new. */
const answerFromIdempotency = (
  store: Store,
  key: string,
  fingerprint: string,
  response: ServerResponse,
  requestId: string,
): boolean => {
  const saved = store.state.idempotency[key];
  if (saved && saved.fingerprint === fingerprint) {
    response.setHeader('idempotent-replayed', 'true');
    sendJson(response, saved.status, saved.body);
    return true;
  }
  if (saved) {
    const error = new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
    sendJson(response, 400, errorBody(error, requestId));
    return true;
  }
  return false;
};

/** The endpoint's status and body; Stripe's error body for a StripeApiError, 404 for no such endpoint. */
const apiResult = (
  ctx: Context,
  method: string,
  pathname: string,
  params: Params,
  requestId: string,
): { status: number; body: unknown } => {
  try {
    const result = handleApiRequest(ctx, method, pathname, params);
    if (result) return result;
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${pathname}). The local Stripe server implements only the endpoints the product calls (lib/local/servers/stripe/api.ts).`,
        },
      },
    };
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return { status: error.status, body: errorBody(error, requestId) };
  }
};

/** The hosted pages: Checkout, the customer portal, Connect onboarding, the Express dashboard. */
const handlePage = async (
  ctx: Context,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> => {
  const path = url.pathname;
  const checkout = /^\/c\/pay\/([^/]+)$/.exec(path);
  if (checkout) {
    await handleCheckoutPage(ctx, decodeURIComponent(checkout[1]!), request, response);
    return true;
  }
  if (path.startsWith('/p/session/')) {
    await handlePortalPage(ctx, path, request, response);
    return true;
  }
  const onboarding = /^\/connect\/onboarding\/([^/]+)$/.exec(path);
  if (onboarding) {
    const link = url.searchParams.get('link') ?? '';
    await handleOnboardingPage(ctx, decodeURIComponent(onboarding[1]!), link, request, response);
    return true;
  }
  const express = /^\/express\/([^/]+)$/.exec(path);
  if (express) {
    await handleExpressDashboardPage(ctx, decodeURIComponent(express[1]!), response);
    return true;
  }
  return false;
};

export const createStripeServer = (options: StripeServerOptions): Server => {
  const { store, webhooks } = options;

  const contextFor = (request: EventRequest): Context => ({
    store,
    state: store.state,
    now: nowSeconds(),
    endpoint: options.endpoint(),
    emit: (type, object, previous) => webhooks.publish(type, object, request, previous),
  });

  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const requestId = newId('req', 14);
    response.setHeader('request-id', requestId);
    const method = request.method ?? 'GET';
    const unauthorized = checkKey(options.secretKey, request);
    if (unauthorized)
      return sendJson(response, unauthorized.status, errorBody(unauthorized, requestId));
    const text = method === 'POST' ? await readBody(request) : url.search.slice(1);
    const params: Params = decodeForm(text);
    const key =
      method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
    if (key && answerFromIdempotency(store, key, fingerprint, response, requestId)) return;
    const ctx = contextFor({ id: requestId, idempotency_key: key ?? null });
    const { status, body } = apiResult(ctx, method, url.pathname, params, requestId);
    if (key && (status === 200 || status === 402)) {
      pruneIdempotency(store);
      store.state.idempotency[key] = { fingerprint, status, body, at: nowSeconds() };
      store.changed();
    }
    sendJson(response, status, body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path.startsWith('/v1/')) return handleApi(request, response, url);
    const pageContext = contextFor({ id: null, idempotency_key: null });
    if (await handlePage(pageContext, url, request, response)) return;
    if (path.startsWith('/_local/')) {
      const unauthorized = checkKey(options.secretKey, request);
      if (unauthorized)
        return sendJson(response, unauthorized.status, { error: unauthorized.body });
      try {
        if (await handleControlRequest(pageContext, webhooks, request, response, url)) return;
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        return sendJson(response, error.status, { error: error.body });
      }
    }
    sendJson(response, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${path}).`,
      },
    });
  };

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(`Local Stripe: ${request.method} ${request.url} failed:`, error);
      if (!response.headersSent) {
        sendJson(response, 500, {
          error: { type: 'api_error', message: 'The local Stripe server failed.' },
        });
      } else response.end();
    });
  });
};
