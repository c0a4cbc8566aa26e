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

export const createStripeServer = (options: StripeServerOptions): Server => {
  const { store, webhooks } = options;

  const contextFor = (request: EventRequest): Context => ({
    store,
    state: store.state,
    now: nowSeconds(),
    endpoint: options.endpoint(),
    emit: (type, object, previous) => webhooks.publish(type, object, request, previous),
  });

  /** 401 as Stripe answers it, so stripe-node raises StripeAuthenticationError. */
  const checkKey = (request: IncomingMessage): StripeApiError | undefined => {
    const key = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (key === options.secretKey) return undefined;
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message: key
        ? `Invalid API Key provided: ${maskKey(key)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  };

  const pruneIdempotency = () => {
    const oldest = nowSeconds() - IDEMPOTENCY_TTL_SECONDS;
    for (const [key, record] of Object.entries(store.state.idempotency)) {
      if (record.at < oldest) delete store.state.idempotency[key];
    }
  };

  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const requestId = newId('req', 14);
    response.setHeader('request-id', requestId);
    const method = request.method ?? 'GET';
    const unauthorized = checkKey(request);
    if (unauthorized)
      return sendJson(response, unauthorized.status, errorBody(unauthorized, requestId));
    const text = method === 'POST' ? await readBody(request) : url.search.slice(1);
    const params: Params = decodeForm(text);
    const key =
      method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
    if (key) {
      const saved = store.state.idempotency[key];
      if (saved && saved.fingerprint === fingerprint) {
        response.setHeader('idempotent-replayed', 'true');
        return sendJson(response, saved.status, saved.body);
      }
      if (saved) {
        const error = new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
        return sendJson(response, 400, errorBody(error, requestId));
      }
    }
    const ctx = contextFor({ id: requestId, idempotency_key: key ?? null });
    let status: number;
    let body: unknown;
    try {
      const result = handleApiRequest(ctx, method, url.pathname, params);
      if (!result) {
        status = 404;
        body = {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe server implements only the endpoints the product calls (lib/local/servers/stripe/api.ts).`,
          },
        };
      } else ({ status, body } = result);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = errorBody(error, requestId);
    }
    if (key && (status === 200 || status === 402)) {
      pruneIdempotency();
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
    const checkout = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (checkout)
      return handleCheckoutPage(pageContext, decodeURIComponent(checkout[1]!), request, response);
    if (path.startsWith('/p/session/'))
      return handlePortalPage(pageContext, path, request, response);
    const onboarding = /^\/connect\/onboarding\/([^/]+)$/.exec(path);
    if (onboarding) {
      const link = url.searchParams.get('link') ?? '';
      return handleOnboardingPage(
        pageContext,
        decodeURIComponent(onboarding[1]!),
        link,
        request,
        response,
      );
    }
    const express = /^\/express\/([^/]+)$/.exec(path);
    if (express)
      return handleExpressDashboardPage(pageContext, decodeURIComponent(express[1]!), response);
    if (path.startsWith('/_local/')) {
      const unauthorized = checkKey(request);
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
