/**
 * The control API: not Stripe's, for tests, the seed and demos. JSON in and out, under `/_local`,
 * with the same `Authorization: Bearer <secret key>` as the API.
 *
 *   GET  /_local/webhooks                     → { url, mode, duplicate, pending, held, log }
 *   POST /_local/webhooks/mode                { mode?: 'normal'|'hold'|'reverse', duplicate?: n }
 *                                             → { mode, duplicate }. hold: events wait for a flush;
 *                                               reverse: hold, flushed newest first; duplicate: each
 *                                               event is delivered n times (any mode).
 *   POST /_local/webhooks/flush               → { flushed }  (the held events, queued for delivery)
 *   POST /_local/webhooks/idle                { timeoutMs?: 10000 } → { idle }  (waits until nothing
 *                                               is queued or being delivered)
 *   POST /_local/webhooks/url                 { url: string | null } → { url }  (where events go)
 *   GET  /_local/events?type=&object=&customer=&limit=
 *                                             → { data: Event[] }  newest first; `type` may list
 *                                               several, comma-separated; `object` is data.object.id
 *   POST /_local/events/{id}/resend           → { resent: true }  (queued again)
 *   POST /_local/checkout/sessions/{id}/complete
 *                                             { card: '4242424242424242', expiry?, cvc?, name?,
 *                                               email?, now?: epoch seconds }
 *                                             → { session, redirect_url }; a declined or invalid
 *                                               card answers Stripe's card error (402)
 *   POST /_local/subscriptions/{id}/advance   { now?: epoch seconds, fail?: boolean } → subscription
 *                                               (runs every period end up to `now`, by default the
 *                                               current period's end: renew, or cancel at period end)
 *   POST /_local/accounts/{id}/complete-onboarding { business_name? } → account
 *   POST /_local/transfers/{id}/reverse       → transfer  (the whole amount: `transfer.reversed`)
 *   POST /_local/charges/{id}/dispute         { reason?: 'fraudulent' } → dispute  (the card issuer
 *                                               opens a chargeback: `charge.dispute.created`)
 *   POST /_local/disputes/{id}/settle         { outcome: 'won'|'lost' } → dispute  (the issuer's
 *                                               decision: `charge.dispute.closed`)
 *   POST /_local/balance                      { available: n } → balance  (the platform's available
 *                                               balance is n now; charges and transfers move it)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setAvailableBalance } from './balance';
import { advanceSubscription } from './billing';
import { completeSession } from './checkout';
import { completeOnboarding, reverseTransfer } from './connect';
import { openDispute, settleDispute } from './disputes';
import type { Context } from './context';
import { invalidRequest, readBody, resourceMissing, sendJson } from './http';
import type { DeliveryMode, WebhookDispatcher } from './webhooks';

type Body = Record<string, unknown>;

const readJson = async (request: IncomingMessage): Promise<Body> => {
  const text = await readBody(request);
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Body;
  } catch (_error) {
    // Answered below.
  }
  throw invalidRequest('The control API takes a JSON object.');
};

const optionalNumber = (body: Body, name: string): number | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw invalidRequest(`${name} must be a number.`, name);
  return Math.floor(value);
};

const optionalString = (body: Body, name: string): string | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`${name} must be a string.`, name);
  return value;
};

const MODES: readonly DeliveryMode[] = ['normal', 'hold', 'reverse'];

const ROUTES = [
  'GET webhooks',
  'POST webhooks/mode',
  'POST webhooks/flush',
  'POST webhooks/idle',
  'POST webhooks/url',
  'GET events',
  'POST events/:id/resend',
  'POST checkout/sessions/:id/complete',
  'POST subscriptions/:id/advance',
  'POST accounts/:id/complete-onboarding',
  'POST transfers/:id/reverse',
  'POST charges/:id/dispute',
  'POST disputes/:id/settle',
  'POST balance',
] as const;

/** `POST /_local/events/evt_1/resend` → `{ route: 'POST events/:id/resend', id: 'evt_1' }`. */
const matchControlRoute = (method: string, pathname: string) => {
  const segments = pathname.split('/').slice(2).map(decodeURIComponent);
  for (const route of ROUTES) {
    const [routeMethod, pattern] = route.split(' ') as [string, string];
    const parts = pattern.split('/');
    if (routeMethod !== method || parts.length !== segments.length) continue;
    const at = parts.indexOf(':id');
    if (
      parts.every(
        (part, index) => part === segments[index] || (part === ':id' && segments[index] !== ''),
      )
    ) {
      return { route, id: at === -1 ? '' : segments[at]! };
    }
  }
  return { route: undefined, id: '' };
};

type ControlRoute = (typeof ROUTES)[number];

/** One control request, its route matched once and handed to each route group. */
interface ControlRequest {
  ctx: Context;
  webhooks: WebhookDispatcher;
  route: ControlRoute | undefined;
  id: string;
  request: IncomingMessage;
  url: URL;
  send: (body: unknown) => void;
}

/** `mode` and `duplicate`, each optional; both checked before either changes. */
const setDeliveryMode = async (webhooks: WebhookDispatcher, request: IncomingMessage) => {
  const body = await readJson(request);
  const mode = optionalString(body, 'mode');
  if (mode !== undefined && !(MODES as readonly string[]).includes(mode)) {
    throw invalidRequest(`mode must be one of ${MODES.join(', ')}.`, 'mode');
  }
  const duplicate = optionalNumber(body, 'duplicate');
  if (duplicate !== undefined && (duplicate < 1 || duplicate > 10)) {
    throw invalidRequest('duplicate must be between 1 and 10.', 'duplicate');
  }
  if (mode) webhooks.settings.mode = mode as DeliveryMode;
  if (duplicate) webhooks.settings.duplicate = duplicate;
};

/** Events newest first, filtered by type (comma-separated), object id and customer. */
const listEvents = (ctx: Context, query: URLSearchParams) => {
  const types = query.get('type')?.split(',').filter(Boolean);
  const object = query.get('object');
  const customer = query.get('customer');
  const limit = Number(query.get('limit') ?? 100);
  return ctx.state.events
    .filter((event) => {
      const target = event.data.object as { id?: string; customer?: unknown };
      return (
        (!types || types.includes(event.type)) &&
        (!object || target.id === object) &&
        (!customer || target.customer === customer)
      );
    })
    .reverse()
    .slice(0, Number.isInteger(limit) && limit > 0 ? limit : 100);
};

/** The webhook deliveries and the events they carry. */
const handleWebhookRoutes = async ({
  ctx,
  webhooks,
  route,
  id,
  request,
  url,
  send,
}: ControlRequest): Promise<boolean> => {
  switch (route) {
    case 'GET webhooks':
      send({
        url: webhooks.url ?? null,
        ...webhooks.settings,
        pending: ctx.state.webhooks.pending.length,
        held: ctx.state.webhooks.held.length,
        log: webhooks.log,
      });
      return true;
    case 'POST webhooks/mode':
      await setDeliveryMode(webhooks, request);
      send(webhooks.settings);
      return true;
    case 'POST webhooks/flush':
      send({ flushed: webhooks.flush() });
      return true;
    case 'POST webhooks/idle': {
      const timeoutMs = optionalNumber(await readJson(request), 'timeoutMs') ?? 10_000;
      send({ idle: await webhooks.idle(Math.min(timeoutMs, 60_000)) });
      return true;
    }
    case 'POST webhooks/url': {
      const target = optionalString(await readJson(request), 'url');
      webhooks.setUrl(target || undefined);
      send({ url: webhooks.url ?? null });
      return true;
    }
    case 'GET events':
      send({ data: listEvents(ctx, url.searchParams) });
      return true;
    case 'POST events/:id/resend':
      if (!webhooks.resend(id)) throw resourceMissing('event', id);
      send({ resent: true });
      return true;
    default:
      return false;
  }
};

/** What a person or time would do at Stripe: pay on the hosted page, a renewal, onboarding. */
const handleActionRoutes = async ({
  ctx,
  route,
  id,
  request,
  send,
}: ControlRequest): Promise<boolean> => {
  switch (route) {
    case 'POST checkout/sessions/:id/complete': {
      const body = await readJson(request);
      const now = optionalNumber(body, 'now');
      const { session, redirectUrl } = completeSession(now ? { ...ctx, now } : ctx, id, {
        number: optionalString(body, 'card') ?? '',
        expiry: optionalString(body, 'expiry'),
        cvc: optionalString(body, 'cvc'),
        name: optionalString(body, 'name'),
        email: optionalString(body, 'email'),
      });
      send({ session, redirect_url: redirectUrl });
      return true;
    }
    case 'POST subscriptions/:id/advance': {
      const body = await readJson(request);
      const to = optionalNumber(body, 'now');
      send(
        advanceSubscription(ctx, id, {
          ...(to !== undefined ? { to } : {}),
          fail: body.fail === true,
        }),
      );
      return true;
    }
    case 'POST accounts/:id/complete-onboarding': {
      const businessName = optionalString(await readJson(request), 'business_name');
      send(completeOnboarding(ctx, id, businessName ? { businessName } : {}));
      return true;
    }
    case 'POST transfers/:id/reverse':
      send(reverseTransfer(ctx, id));
      return true;
    case 'POST charges/:id/dispute': {
      const reason = optionalString(await readJson(request), 'reason');
      send(openDispute(ctx, id, reason ? { reason } : {}));
      return true;
    }
    case 'POST disputes/:id/settle': {
      const outcome = optionalString(await readJson(request), 'outcome');
      if (outcome !== 'won' && outcome !== 'lost') {
        throw invalidRequest('outcome must be won or lost.', 'outcome');
      }
      send(settleDispute(ctx, id, outcome));
      return true;
    }
    case 'POST balance': {
      const available = (await readJson(request)).available;
      if (typeof available !== 'number' || !Number.isInteger(available)) {
        throw invalidRequest('available must be an integer.', 'available');
      }
      send(setAvailableBalance(ctx, available));
      return true;
    }
    default:
      return false;
  }
};

/** Handles `/_local/…`; false when no such control route exists. */
export const handleControlRequest = async (
  ctx: Context,
  webhooks: WebhookDispatcher,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> => {
  const { route, id } = matchControlRoute(request.method ?? 'GET', url.pathname);
  const send = (body: unknown) => sendJson(response, 200, body);
  const control: ControlRequest = { ctx, webhooks, route, id, request, url, send };
  return (await handleWebhookRoutes(control)) || (await handleActionRoutes(control));
};
