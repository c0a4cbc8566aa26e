/**
 * What a route is. Each domain declares its routes once, in its own file of this folder
 * (`defineRoutes`): method and path (the key), the handler operation, the access policy, a
 * one-line summary, and, for the compiler only, the request and response types. The CDK API
 * construct (one Lambda per domain, one API Gateway route per row, the JWT authorizer on every
 * non-public row), the local HTTP adapter, each domain's Lambda (middy's http-router over its own
 * rows) and the frontend's typed client all read these declarations.
 *
 * Access policies, declared once, here. API Gateway's JWT authorizer proves
 * who calls every non-public row; the shared HTTP chain then enforces the role part of the policy
 * from the caller's profile (roles and seller approval change without a new token), once; the
 * domain's service checks ownership, once.
 * - `public`:                   no token needed (no authorizer on the route).
 * - `user`:                     a valid Cognito ID token (audience = the web client).
 * - `approved-seller`:          `user`, and the caller is an approved seller (role seller or both).
 * - `approved-seller-or-admin`: `user`, and an approved seller or a caller with admin rights.
 * - `owner-or-admin`:           `user`; the chain loads the caller's profile, the service lets the
 *                               owner (of the template, the parties of the dispute) or admin rights
 *                               through and answers 403 to anyone else.
 * - `admin`:                    `user`, and admin rights (role admin or both, never a beta account).
 */
export type Access =
  'public' | 'user' | 'approved-seller' | 'approved-seller-or-admin' | 'owner-or-admin' | 'admin';

/** A domain owns one folder under `lambdas/` and becomes one Lambda function. */
export type Domain =
  | 'catalog'
  | 'profiles'
  | 'newsletter'
  | 'sellers'
  | 'stats'
  | 'billing'
  | 'refunds'
  | 'disputes'
  | 'templates'
  | 'uploads'
  | 'seller-applications'
  | 'downloads'
  | 'reviews'
  | 'notifications'
  | 'payouts'
  | 'licenses'
  | 'audit'
  | 'contact'
  | 'admin'
  | 'github'
  | 'deployments'
  | 'account'
  | 'security'
  | 'security-alerts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax (`{id}` parameters), including the `/api` prefix CloudFront forwards. */
  readonly path: string;
  readonly domain: Domain;
  /** The handler module: `lambdas/<domain>/handlers/<operation>.ts`. */
  readonly operation: string;
  readonly access: Access;
  /** What the route does, in one line: for people (API documentation, the reason a route is public). */
  readonly summary: string;
}

/** One route's request parts (all optional but `response`); path parameters come from the path. */
export interface RouteTypes {
  /** The query string's parameters, as the strings a URL carries. */
  query?: Record<string, string | undefined>;
  /** The JSON body, as the route's schema accepts it (`z.input`). */
  body?: unknown;
  response: unknown;
}

/** A route as its domain file declares it; `types` exists for the compiler only, never at run time. */
export interface RouteRow<Types extends RouteTypes = RouteTypes> {
  readonly operation: string;
  readonly access: Access;
  readonly summary: string;
  readonly types?: Types;
}

/**
 * One row: `route<{ body: …; response: … }>({ operation, access, summary })`. The type argument is
 * the route's request and response (`import type` only, so a page that imports the routes pays
 * nothing for the schemas).
 */
export const route = <Types extends RouteTypes>(row: Omit<RouteRow, 'types'>): RouteRow<Types> =>
  row;

/** A route key: `GET /api/mvps/{id}`, the method and the API Gateway path (`{id}` parameters). */
export type RoutePattern = `${HttpMethod} /api/${string}`;

/** A domain's routes: the rows keyed by route key (for the types), and the same as a list. */
export interface DomainRoutes<
  Rows extends Record<RoutePattern, RouteRow> = Record<RoutePattern, RouteRow>,
> {
  readonly domain: Domain;
  readonly rows: Rows;
  readonly list: readonly RouteDefinition[];
}

export const defineRoutes = <const Rows extends Record<RoutePattern, RouteRow>>(
  domain: Domain,
  rows: Rows,
): DomainRoutes<Rows> => ({
  domain,
  rows,
  list: Object.entries(rows).map(([key, row]): RouteDefinition => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    return {
      method,
      path,
      domain,
      operation: row.operation,
      access: row.access,
      summary: row.summary,
    };
  }),
});

/** `GET /api/mvps/{id}`: the API Gateway route key, also used by the local adapter. */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;
