/**
 * The one middy chain every HTTP Lambda uses (STYLE.md rules 2–3):
 *
 *   Powertools logger (context, no event logging: events carry the bearer token)
 *   → metrics → error mapper
 *   → http-router over the domain's rows of the route table
 *   → per route: identity from the authorizer's claims, access check, the operation
 *
 * A domain's `index.ts` is one call: `createHttpHandler('catalog', { 'list-mvps': listMvps, … })`.
 * A route without an operation (or an operation without a route) fails at cold start, so the route
 * table, the CDK and the code cannot drift apart silently.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import httpRouterHandler, { type Route } from '@middy/http-router';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { Profile } from '../contracts/profile';
import { NotFoundError, UnauthorizedError } from '../errors';
import { logger, metrics } from '../observability';
import { routeKey, routesOf, type Domain, type RouteDefinition } from '../routes';
import { accessNeedsProfile, assertAccess } from '../auth/access';
import { readAuthContext, type AuthContext } from '../auth/claims';
import { ensureProfile } from '../../profiles/service';
import { errorMapper } from './error-mapper';

export type HttpResult = APIGatewayProxyStructuredResultV2;

/** What an operation receives: the raw event (parse it with `parseRequest`) and who is calling. */
export interface HttpContext {
  event: APIGatewayProxyEventV2;
  route: RouteDefinition;
  /** `null` for an anonymous caller of a public route. */
  auth: AuthContext | null;
  /** The caller's profile on `seller` and `admin` routes (it was needed for the access check). */
  profile: Profile | null;
}

export type HttpOperation = (context: HttpContext) => Promise<HttpResult>;

/** For operations on `user`-level routes: the identity the access check already guaranteed. */
export const requireAuth = (context: HttpContext): AuthContext => {
  if (!context.auth) throw new UnauthorizedError();
  return context.auth;
};

export const ROUTE_NOT_FOUND_MESSAGE = 'Not found.';

export interface HttpHandlerOptions {
  /** Loads (creating on first sight) the caller's profile for seller/admin checks. */
  loadProfile?: (auth: AuthContext) => Promise<Profile>;
}

/** Publishes metrics only when some were recorded, so quiet requests log no EMF warnings. */
const publishRecordedMetrics = (): MiddlewareObj => {
  const publish = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
};

const routeHandler =
  (
    route: RouteDefinition,
    operation: HttpOperation,
    loadProfile: HttpHandlerOptions['loadProfile'],
  ) =>
  async (event: APIGatewayProxyEventV2): Promise<HttpResult> => {
    const auth = readAuthContext(event);
    logger.appendKeys({ route: routeKey(route), userId: auth?.userId });
    const profile =
      auth && accessNeedsProfile(route.access) && loadProfile ? await loadProfile(auth) : null;
    assertAccess(route.access, auth, profile);
    return operation({ event, route, auth, profile });
  };

/**
 * The Lambda handler for one domain: its rows of the route table, each dispatched to
 * `operations[route.operation]` (the module `lambdas/<domain>/handlers/<operation>.ts`).
 */
export const createHttpHandler = (
  domain: Domain,
  operations: Readonly<Record<string, HttpOperation>>,
  options: HttpHandlerOptions = {},
): ((event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>) => {
  const loadProfile = options.loadProfile ?? ensureProfile;
  const domainRoutes = routesOf(domain);
  const missing = domainRoutes.filter((route) => !operations[route.operation]);
  const unrouted = Object.keys(operations).filter(
    (operation) => !domainRoutes.some((route) => route.operation === operation),
  );
  if (missing.length > 0 || unrouted.length > 0) {
    throw new Error(
      `Domain ${domain}: routes without an operation [${missing.map((r) => r.operation).join(', ')}], ` +
        `operations without a route [${unrouted.join(', ')}]`,
    );
  }

  const router = httpRouterHandler<APIGatewayProxyEventV2, HttpResult>({
    routes: domainRoutes.map((route): Route<APIGatewayProxyEventV2, HttpResult> => ({
      method: route.method,
      path: route.path,
      handler: routeHandler(route, operations[route.operation]!, loadProfile),
    })),
    notFoundResponse: () => {
      throw new NotFoundError(ROUTE_NOT_FOUND_MESSAGE);
    },
  });

  const handler = middy<APIGatewayProxyEventV2, HttpResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(publishRecordedMetrics())
    .use(errorMapper())
    .handler(router);

  return (event, context) => handler(event, context);
};
