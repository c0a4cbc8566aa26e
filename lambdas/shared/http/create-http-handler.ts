/**
 * The one middy chain every HTTP Lambda uses:
 *
 *   Powertools logger (context, no event logging: events carry the bearer token)
 *   → metrics → error mapper
 *   → origin check: 403 unless the request came through CloudFront (origin-verify.ts)
 *   → http-router over the domain's rows of the route table
 *   → per route: identity from the authorizer's claims, access check, the operation
 *
 * A domain's `index.ts` is one call:
 *
 *   createHttpHandler('catalog', {
 *     'list-templates': () => import('./handlers/list-templates').then((m) => m.listTemplates), …
 *   }, { loadProfile: loadCallerProfile });
 *
 * Operations are loaded on their first request, not at cold start: a container serving one route
 * never builds the schemas and services of the others (esbuild keeps each
 * dynamically imported module's evaluation lazy inside the one bundle). The caller's profile
 * loader is injected, so this shared chain imports no domain. A route without an operation (or an
 * operation without a route) fails at cold start, so the route table, the CDK and the code cannot
 * drift apart silently.
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
import type { UserProfile } from '../../../contract/profile';
import { config } from '../config';
import { NotFoundError, UnauthorizedError } from '../errors';
import { logger, metrics } from '../observability';
import { routeKey, type DomainRoutes, type RouteDefinition } from '../../../contract/routes/table';
import { accessNeedsProfile, assertAccess } from '../auth/access';
import { createAdminMfaCheck } from '../auth/admin-mfa';
import { readAuthContext, type AuthContext } from '../auth/claims';
import { trackRequestChanges } from '../dependencies';
import { errorMapper } from './error-mapper';
import { originCheck } from './origin-verify';

export type HttpResult = APIGatewayProxyStructuredResultV2;

/** What an operation receives: the raw event (parse it with `parseRequest`) and who is calling. */
export interface HttpContext {
  event: APIGatewayProxyEventV2;
  route: RouteDefinition;
  /** `null` for an anonymous caller of a public route. */
  auth: AuthContext | null;
  /**
   * The caller's profile on routes whose policy needs it (everything but `public` and `user`):
   * loaded once by the chain for the access check and handed on, so services do not load it again.
   */
  profile: UserProfile | null;
}

export type HttpOperation = (context: HttpContext) => Promise<HttpResult>;

/** Loads an operation's module on first use: `() => import('./handlers/x').then((m) => m.x)`. */
export type OperationLoader = () => Promise<HttpOperation>;

/** For operations on `user`-level routes: the identity the access check already guaranteed. */
export const requireAuth = (context: HttpContext): AuthContext => {
  if (!context.auth) throw new UnauthorizedError();
  return context.auth;
};

/** For operations on routes whose policy loads the caller's profile (see `HttpContext.profile`). */
export const requireProfile = (context: HttpContext): UserProfile => {
  if (!context.profile) throw new UnauthorizedError();
  return context.profile;
};

export const ROUTE_NOT_FOUND_MESSAGE = 'Not found.';

export interface HttpHandlerOptions {
  /** Loads (creating on first sight) the caller's profile for the routes whose access needs it. */
  loadProfile: (auth: AuthContext) => Promise<UserProfile>;
}

/** Publishes metrics only when some were recorded, so quiet requests log no EMF warnings. */
const publishRecordedMetrics = (): MiddlewareObj => {
  const publish = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
};

/** One per container: its cache of admins known to have an authenticator app. */
const assertAdminMfa = createAdminMfaCheck({ userPoolId: () => config().USER_POOL_ID });

const routeHandler = (
  route: RouteDefinition,
  loadOperation: OperationLoader,
  loadProfile: HttpHandlerOptions['loadProfile'],
) => {
  let operation: Promise<HttpOperation> | undefined;
  return async (event: APIGatewayProxyEventV2): Promise<HttpResult> => {
    const auth = readAuthContext(event);
    logger.appendKeys({ route: routeKey(route), userId: auth?.userId });
    const profile = auth && accessNeedsProfile(route.access) ? await loadProfile(auth) : null;
    assertAccess(route.access, auth, profile);
    if (route.access === 'admin' && auth && config().MFA_REQUIRED_FOR_ADMINS) {
      await assertAdminMfa(auth.userId);
    }
    // Loaded once per container; a failed load is tried again on the next request.
    operation ??= loadOperation().catch((error: unknown) => {
      operation = undefined;
      throw error;
    });
    return (await operation)({ event, route, auth, profile });
  };
};

/**
 * The Lambda handler for one domain: its rows of the route table, each dispatched to
 * `operations[route.operation]` (the module `lambdas/<domain>/handlers/<operation>.ts`).
 */
export const createHttpHandler = (
  { domain, list: domainRoutes }: DomainRoutes,
  operations: Readonly<Record<string, OperationLoader>>,
  options: HttpHandlerOptions,
): ((event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>) => {
  const { loadProfile } = options;
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
    .use(originCheck())
    .handler(router);

  // Each request keeps its own record of the changes it sent, for the error mapper's 503s.
  return (event, context) => trackRequestChanges(() => handler(event, context));
};
