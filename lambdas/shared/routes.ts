/**
 * The single route table. The CDK API construct (one Lambda per domain, one API Gateway route per
 * row, the JWT authorizer on every non-public row) and the local HTTP adapter both read it, and each
 * domain's Lambda dispatches its rows with middy's http-router. Add a route here and nowhere else.
 *
 * Access levels:
 * - `public`: no token needed (API Gateway attaches no authorizer).
 * - `user`:   a valid Cognito ID token (the JWT authorizer checks it; audience = the web client).
 * - `seller`: `user`, plus the caller's profile must be an approved seller (checked in the Lambda).
 * - `admin`:  `user`, plus the caller's profile role must be `admin` or `both` (checked in the Lambda).
 */
export type Access = 'public' | 'user' | 'seller' | 'admin';

/** A domain owns one folder under `lambdas/` and becomes one Lambda function. */
export type Domain = 'catalog' | 'profiles' | 'newsletter' | 'sellers' | 'billing' | 'refunds';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax (`{id}` parameters), including the `/api` prefix CloudFront forwards. */
  readonly path: string;
  readonly domain: Domain;
  /** The handler module: `lambdas/<domain>/handlers/<operation>.ts`. */
  readonly operation: string;
  readonly access: Access;
  readonly summary: string;
}

export const routes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/mvps',
    domain: 'catalog',
    operation: 'list-mvps',
    access: 'public',
    summary: 'Browse approved templates: search, filters, sort, pages of 20, exact total.',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}',
    domain: 'catalog',
    operation: 'get-mvp',
    access: 'public',
    summary: 'One approved template with its seller.',
  },
  {
    method: 'GET',
    path: '/api/me',
    domain: 'profiles',
    operation: 'get-my-profile',
    access: 'user',
    summary: "The caller's profile; the default profile is created on first sight.",
  },
  {
    method: 'PATCH',
    path: '/api/me',
    domain: 'profiles',
    operation: 'update-my-profile',
    access: 'user',
    summary: "The caller's own profile fields; a new username is claimed in one transaction.",
  },
  {
    method: 'POST',
    path: '/api/auth/beta',
    domain: 'profiles',
    operation: 'start-beta-session',
    access: 'public',
    summary: 'The seeded beta account sign-in, only while beta access is switched on (else 404).',
  },
  {
    method: 'GET',
    path: '/api/sellers/{username}',
    domain: 'sellers',
    operation: 'get-seller-profile',
    access: 'public',
    summary: "An approved seller's public page: profile, stats and approved templates.",
  },
  {
    method: 'GET',
    path: '/api/me/newsletter',
    domain: 'newsletter',
    operation: 'get-my-newsletter',
    access: 'user',
    summary: "The caller's newsletter toggle for one newsletter type (default site_updates).",
  },
  {
    method: 'PUT',
    path: '/api/me/newsletter',
    domain: 'newsletter',
    operation: 'update-my-newsletter',
    access: 'user',
    summary: 'Subscribe or unsubscribe the caller from one newsletter type.',
  },
  {
    method: 'POST',
    path: '/api/leads',
    domain: 'newsletter',
    operation: 'capture-lead',
    access: 'public',
    summary: 'Launch-page lead capture (consent required), stored once per e-mail address.',
  },
  {
    method: 'GET',
    path: '/api/subscriptions',
    domain: 'billing',
    operation: 'list-subscriptions',
    access: 'user',
    summary: "The caller's subscriptions, newest first.",
  },
  {
    method: 'GET',
    path: '/api/subscriptions/current',
    domain: 'billing',
    operation: 'get-current-subscription',
    access: 'user',
    summary: "The caller's subscription view: plan, status, period end, payment method.",
  },
  {
    method: 'POST',
    path: '/api/refund-requests',
    domain: 'refunds',
    operation: 'create-refund-request',
    access: 'user',
    summary: "A refund request (pending) on one of the caller's own subscriptions.",
  },
  {
    method: 'GET',
    path: '/api/refund-requests',
    domain: 'refunds',
    operation: 'list-refund-requests',
    access: 'user',
    summary: "The caller's refund requests with their subscription's plan, newest first.",
  },
];

export const domains: readonly Domain[] = [...new Set(routes.map((route) => route.domain))];

/** `GET /api/mvps/{id}`: the API Gateway route key, also used by the local adapter. */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

export const routesOf = (domain: Domain): RouteDefinition[] =>
  routes.filter((route) => route.domain === domain);
