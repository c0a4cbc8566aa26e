/**
 * The one way the app calls its API, typed from the route table: a call names its route as the
 * table spells it, and the contract's type map (`@contracts/api`) gives its path parameters, query,
 * body and answer:
 *
 *     api('GET /api/mvps/{id}', { params: { id }, signal })  // Promise<MvpDetail>
 *
 * So no feature writes a URL, and no feature casts an answer. The rest is what it always was:
 * `apiBaseUrl` (config.json) in place of the table's `/api` prefix, the Cognito ID token as a
 * bearer token whenever the browser is signed in, and error bodies (`{ message, fields? }`)
 * turned into `ApiError`s whose message can be shown as is.
 *
 * The route key is read at run time as `METHOD path`, so the table itself (and its summaries)
 * never ships to the browser; the typecheck guarantees the key is one of its rows.
 */
import type { ApiResponse, ApiTypes, RouteKey } from '@contracts/api';
import type { ApiErrorBody } from '@contracts/errors';
import { getIdToken } from './amplify';
import { ApiError, UNEXPECTED_ERROR } from './api-error';
import { getRuntimeConfig } from './runtime-config';

/** Every path of the route table starts with this; config.json's `apiBaseUrl` replaces it. */
const API_PREFIX = '/api';

type Row<Route extends RouteKey> = ApiTypes[Route];

/**
 * The options of a call: the path parameters and body when the route has them (then required),
 * its query when it takes one, and an abort signal (TanStack Query passes one to every query).
 */
export type ApiOptions<Route extends RouteKey> = (Row<Route> extends { params: infer Params }
  ? { params: Params }
  : { params?: undefined }) &
  (Row<Route> extends { query: infer Query } ? { query?: Query } : { query?: undefined }) &
  (Row<Route> extends { body: infer Body } ? { body: Body } : { body?: undefined }) & {
    signal?: AbortSignal;
  };

/** The query a route takes (`GET /api/mvps`: the browse filters, as URL strings). */
export type ApiQuery<Route extends RouteKey> =
  Row<Route> extends { query: infer Query } ? Query : never;

/** The body a route takes, as its schema accepts it. */
export type ApiBody<Route extends RouteKey> =
  Row<Route> extends { body: infer Body } ? Body : never;

/** A route without path parameters or body may be called without options. */
type ApiArgs<Route extends RouteKey> =
  Row<Route> extends { params: unknown } | { body: unknown }
    ? [options: ApiOptions<Route>]
    : [options?: ApiOptions<Route>];

/** What `request` reads of the options, whatever the route. */
interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/** `/api/mvps/{id}/files` with `{ id }` → `/api/mvps/01J…/files`; each value URI-encoded. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_placeholder, name: string) => {
    const value = params[name];
    // The types make this unreachable; a JavaScript caller gets a clear error, not `/undefined`.
    if (value === undefined) throw new Error(`${template}: no value for {${name}}.`);
    return encodeURIComponent(value);
  });
}

/** The query string of the defined parameters, in the order given (`?a=1&b=2`), or ''. */
export function queryString(query: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const isErrorBody = (body: unknown): body is ApiErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  'message' in body &&
  typeof (body as { message: unknown }).message === 'string';

async function request(route: RouteKey, parts: RequestParts): Promise<unknown> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const path = fillPath(route.slice(space + 1), parts.params);
  const { apiBaseUrl } = getRuntimeConfig();
  const url = `${apiBaseUrl}${path.slice(API_PREFIX.length)}${queryString(parts.query)}`;

  const headers = new Headers({ Accept: 'application/json' });
  // Sent whenever the browser is signed in, public routes included, as it always has been: the
  // API answers a request with a token `private, no-store` (lambdas/shared/http/response.ts), so
  // nothing a signed-in person received is ever kept by CloudFront; without a session this is
  // undefined at once and Amplify is not even loaded.
  const token = await getIdToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (parts.body !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(url, {
    method,
    headers,
    body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
    signal: parts.signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw isErrorBody(body)
      ? new ApiError(body.message, response.status, body.fields)
      : new ApiError(UNEXPECTED_ERROR, response.status);
  }
  return body;
}

/**
 * Calls one route of the API and resolves with its answer; rejects with an `ApiError` for a
 * non-2xx answer (the API's own message, or the generic one).
 */
export async function api<Route extends RouteKey>(
  route: Route,
  ...[options]: ApiArgs<Route>
): Promise<ApiResponse<Route>> {
  // The options' shape depends on the route; `request` reads them all the same way.
  const answer = await request(route, (options ?? {}) as RequestParts);
  // The one place an answer gets its type: the handler builds it from the same contract type
  // (lambdas/shared/contracts/api.ts), and checking it again here would put zod on every page.
  return answer as ApiResponse<Route>;
}
