/**
 * The one way the app calls its API, typed from the route table: a call names its route as the
 * table spells it, and the contract's type map (`@contract/api`) gives its path parameters, query,
 * body and answer:
 *
 *     api('GET /api/mvps/{id}', { params: { id }, signal })  // Promise<MvpDetail>
 *
 * So no feature writes a URL, and no feature casts an answer. The rest is what it always was: the
 * table's paths as they are (the API is always at `/api` on the site's own origin: config.json's
 * `apiBaseUrl` can be nothing else, contract/design/site-config.ts, so a request needs no config
 * and boot can ask for a page's data while `/config.json` is still coming), the Cognito ID token as
 * a bearer token whenever the browser is signed in, and error bodies (`{ message, fields? }`)
 * turned into `ApiError`s whose message can be shown as is.
 *
 * The route key is read at run time as `METHOD path`, so the table itself (and its summaries)
 * never ships to the browser; the typecheck guarantees the key is one of its rows.
 */
import type { ApiResponse, ApiTypes, RouteKey } from '@contract/api';
import type { ApiErrorBody } from '@contract/errors';
import { getIdToken } from './amplify';
import { ApiError, NetworkError, UNEXPECTED_ERROR } from './api-error';

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
export type ApiArgs<Route extends RouteKey> =
  Row<Route> extends { params: unknown } | { body: unknown }
    ? [options: ApiOptions<Route>]
    : [options?: ApiOptions<Route>];

/** What the client reads of the options, whatever the route. */
export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * `/api/mvps/{id}/files` with `{ id }` → `/api/mvps/01J…/files`, each value URI-encoded. The
 * types require every placeholder's value, so there is no run-time check (it would ship to every
 * page).
 */
export const fillPath = (template: string, params: Record<string, string> = {}): string =>
  template.replace(/\{(\w+)\}/g, (_placeholder, name: string) => encodeURIComponent(params[name]!));

/** The query string of the defined parameters, in the order given (`?a=1&b=2`), or ''. */
export function queryString(query: Record<string, string | undefined> = {}): string {
  const defined = Object.entries(query).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const text = new URLSearchParams(defined).toString();
  return text ? `?${text}` : '';
}

/**
 * The address of a GET route for the browser to load by itself (an `<img src>`): path and query
 * as `api` sends them, without a token, so only public routes answer it.
 */
export function apiUrl<Route extends RouteKey>(route: Route, ...[options]: ApiArgs<Route>): string {
  const { params, query } = (options ?? {}) as RequestParts;
  const [, template] = route.split(' ') as [string, string];
  return `${fillPath(template, params)}${queryString(query)}`;
}

/**
 * Sends one call of a route (URL, bearer token, JSON body) and answers the raw response; `api`
 * and `apiDownload` (api-download.ts) read it. A request that gets no answer rejects with a
 * `NetworkError` (its abort, with the abort).
 */
export async function sendRequest(
  route: RouteKey,
  options: RequestParts | undefined,
  accept: string,
) {
  // The options' shape depends on the route; the call reads them all the same way.
  const { params, query, body, signal } = options ?? {};
  const [method, template] = route.split(' ') as [string, string];
  const path = fillPath(template, params);

  const headers = new Headers({ Accept: accept });
  // Sent whenever the browser is signed in, public routes included, as it always has been: the
  // API answers a request with a token `private, no-store` (lambdas/shared/http/response.ts), so
  // nothing a signed-in person received is ever kept by CloudFront; without a session this is
  // undefined at once and Amplify is not even loaded.
  const token = await getIdToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  try {
    return await fetch(`${path}${queryString(query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A page that left (or a cancelled query) is not a failure to report.
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
}

/** The `ApiError` of a non-2xx answer: the API's own message, or the generic one. */
export async function failureOf(response: Response): Promise<ApiError> {
  const answer: unknown = await response.json().catch(() => undefined);
  // Every API failure is `{ message, fields? }`; anything else (a proxy's HTML page, an empty
  // body) gets the generic text.
  const failure = answer as Partial<ApiErrorBody> | undefined;
  return typeof failure?.message === 'string'
    ? new ApiError(failure.message, response.status, failure.fields)
    : new ApiError(UNEXPECTED_ERROR, response.status);
}

/**
 * Calls one route of the API and resolves with its answer; rejects with an `ApiError` for a
 * non-2xx answer (the API's own message, or the generic one).
 */
export async function api<Route extends RouteKey>(
  route: Route,
  ...[options]: ApiArgs<Route>
): Promise<ApiResponse<Route>> {
  const response = await sendRequest(
    route,
    options as RequestParts | undefined,
    'application/json',
  );
  if (!response.ok) throw await failureOf(response);
  const answer: unknown = await response.json().catch(() => undefined);
  // The one place an answer gets its type: the handler builds it from the same contract type
  // (contract/api.ts), and checking it again here would put zod on every page.
  return answer as ApiResponse<Route>;
}
