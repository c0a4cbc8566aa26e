/**
 * The local stand-in for API Gateway's HTTP API: it matches a request against the route table,
 * verifies the Cognito ID token on protected routes as the JWT authorizer would, turns the request
 * into the payload-format-2.0 event and hands it to the domain's Lambda handler. It holds no
 * business logic: everything a route does happens in `lambdas/<domain>/index.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayEventRequestContextV2,
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  Context,
} from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { routeKey, routes, type Domain, type RouteDefinition } from '../../../contract/routes';

/** A domain's Lambda entry point, as `lambdas/<domain>/index.ts` exports it. */
export type DomainHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

export interface RouteMatch {
  route: RouteDefinition;
  /** Decoded values of the `{name}` segments. */
  pathParameters: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * The route for `method` and `path`, as API Gateway picks it: literal segments beat parameters, so
 * `/api/mvps/mine` would win over `/api/mvps/{id}` whatever the table order.
 */
export const matchRoute = (
  method: string,
  path: string,
  table: readonly RouteDefinition[] = routes,
): RouteMatch | undefined => {
  const requested = segmentsOf(path);
  let best: { match: RouteMatch; literals: number } | undefined;
  for (const route of table) {
    if (route.method !== method.toUpperCase()) continue;
    const pattern = segmentsOf(route.path);
    if (pattern.length !== requested.length) continue;
    const pathParameters: Record<string, string> = {};
    let literals = 0;
    const matches = pattern.every((segment, index) => {
      const actual = requested[index] ?? '';
      const parameter = /^\{(.+)\}$/.exec(segment);
      if (!parameter) {
        literals += 1;
        return segment === actual;
      }
      try {
        pathParameters[parameter[1] ?? ''] = decodeURIComponent(actual);
      } catch (_error) {
        // A malformed escape reaches the handler undecoded; its validation answers 400.
        pathParameters[parameter[1] ?? ''] = actual;
      }
      return actual !== '';
    });
    if (matches && (!best || literals > best.literals))
      best = { match: { route, pathParameters }, literals };
  }
  return best?.match;
};

/**
 * Claims as API Gateway hands them to the Lambda: every value a string, arrays as `[a b]`
 * (so `cognito:groups` arrives as "[buyer]"), objects as JSON.
 */
export const stringifyClaims = (payload: JwtPayload): Record<string, string> => {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) claims[name] = `[${value.map(String).join(' ')}]`;
    else if (typeof value === 'object') claims[name] = JSON.stringify(value);
    else claims[name] = String(value);
  }
  return claims;
};

/** Request bodies API Gateway passes as text; everything else arrives base64-encoded. */
const isTextContentType = (contentType: string | undefined) => {
  if (!contentType) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/javascript'
  );
};

export interface IncomingRequest {
  method: string;
  /** The request target: path and optional query string. */
  url: string;
  /** Raw header pairs as Node keeps them in `rawHeaders`: name, value, name, value, ... */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
}

/** API Gateway's `requestContext.time` format: `12/Mar/2020:19:03:58 +0000`. */
const formatRequestTime = (date: Date) => {
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
};

/**
 * The payload-format-2.0 event API Gateway would send for `request` on `match`. `claims` is set on
 * protected routes only; public routes carry no authorizer, as in the cloud.
 */
export const buildEvent = (
  request: IncomingRequest,
  match: RouteMatch,
  claims?: Record<string, string>,
): APIGatewayProxyEventV2 => {
  const queryIndex = request.url.indexOf('?');
  const rawPath = queryIndex === -1 ? request.url : request.url.slice(0, queryIndex);
  const rawQueryString = queryIndex === -1 ? '' : request.url.slice(queryIndex + 1);

  // Header names lower-cased, repeated headers comma-joined; cookies move to `cookies`.
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = (request.rawHeaders[index] ?? '').toLowerCase();
    const value = request.rawHeaders[index + 1] ?? '';
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }

  // Repeated query parameters comma-joined, values decoded (`+` is a space in a query string).
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    queryStringParameters[name] =
      queryStringParameters[name] === undefined ? value : `${queryStringParameters[name]},${value}`;
  }

  const now = new Date();
  const requestId = randomUUID();
  const requestContext: APIGatewayEventRequestContextV2 = {
    accountId: '000000000000',
    apiId: 'local',
    domainName: headers.host ?? 'localhost',
    domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
    http: {
      method: request.method.toUpperCase(),
      path: rawPath,
      protocol: 'HTTP/1.1',
      sourceIp: request.sourceIp,
      userAgent: headers['user-agent'] ?? '',
    },
    requestId,
    routeKey: routeKey(match.route),
    stage: '$default',
    time: formatRequestTime(now),
    timeEpoch: now.getTime(),
  };

  const hasBody = request.body.length > 0;
  const isBase64Encoded = hasBody && !isTextContentType(headers['content-type']);
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: routeKey(match.route),
    rawPath,
    rawQueryString,
    headers,
    requestContext,
    isBase64Encoded,
  };
  if (cookies.length > 0) event.cookies = cookies;
  if (Object.keys(queryStringParameters).length > 0)
    event.queryStringParameters = queryStringParameters;
  if (Object.keys(match.pathParameters).length > 0) event.pathParameters = match.pathParameters;
  if (hasBody) event.body = request.body.toString(isBase64Encoded ? 'base64' : 'utf8');
  if (claims) {
    // For ID tokens (no `scope` claim) API Gateway sends `scopes: null`.
    const scopes = claims.scope ? claims.scope.split(' ') : null;
    Object.assign(requestContext, {
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes } },
    });
  }
  return event;
};

/** A minimal Lambda context: handlers read the request id and the remaining time from it. */
const createContext = (domain: Domain, requestId: string): Context => {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: `local-${domain}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:local-${domain}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/local-${domain}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

export interface TokenVerifierOptions {
  /** The cognito-local endpoint, e.g. `http://localhost:9229`. */
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * A verifier that accepts what the HTTP API's JWT authorizer accepts: an RS256 token signed by a
 * key of the pool's JWKS, issued by the pool, for the web client, unexpired, and an ID token
 * (the web client sends ID tokens, whose `aud` is the client id).
 */
export const createTokenVerifier = (options: TokenVerifierOptions) => {
  const issuer = `${options.cognitoEndpoint}/${options.userPoolId}`;
  // aws-jwt-verify fetches JWKS over https only; cognito-local serves plain http.
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const response = await fetch(uri);
        if (!response.ok) throw new Error(`JWKS request failed with ${response.status}`);
        return response.arrayBuffer();
      },
    },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer,
      audience: options.userPoolClientId,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('Not an ID token');
      },
    },
    { jwksCache },
  );
  /** The verified payload, or `undefined` for a missing, malformed, forged or expired token. */
  return async (authorization: string | undefined): Promise<JwtPayload | undefined> => {
    if (!authorization) return undefined;
    // The authorizer reads `Authorization` and accepts the token with or without `Bearer `.
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!token) return undefined;
    try {
      return await verifier.verify(token);
    } catch (_error) {
      return undefined;
    }
  };
};

/** Imports `lambdas/<domain>/index.ts` (once per domain; the module cache keeps it warm). */
export const importDomainHandler = async (domain: Domain): Promise<DomainHandler> => {
  const entry = new URL(`../../../lambdas/${domain}/index.ts`, import.meta.url);
  const module: { handler?: DomainHandler } = await import(entry.href);
  if (typeof module.handler !== 'function') {
    throw new Error(`lambdas/${domain}/index.ts does not export a handler function.`);
  }
  return module.handler;
};

export interface ApiAdapterOptions extends TokenVerifierOptions {
  /** Where the domain handlers come from; tests pass their own. */
  loadHandler?: (domain: Domain) => Promise<DomainHandler>;
  /** The route table; defaults to the application's. */
  routeTable?: readonly RouteDefinition[];
  /** Called with unexpected failures (a handler that throws): API Gateway answers 500 then. */
  onError?: (error: unknown, route: RouteDefinition) => void;
}

/** API Gateway's largest request payload, 10 MB: a bigger one never reaches a Lambda. */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

/** API Gateway's answer to a bigger payload: 413, with its message as its other errors have it. */
export const PAYLOAD_TOO_LARGE = { message: 'Request Entity Too Large' } as const;

/**
 * The request body, or `undefined` once it passes `MAX_REQUEST_BODY_BYTES` (declared or counted):
 * what arrived so far is dropped, never buffered whole nor parsed.
 */
const readBody = (request: IncomingMessage): Promise<Buffer | undefined> => {
  if (Number(request.headers['content-length']) > MAX_REQUEST_BODY_BYTES) {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Not `for await`: leaving it early would destroy the socket the 413 is written to.
    request.on('data', (chunk: Buffer) => {
      if (size > MAX_REQUEST_BODY_BYTES) return;
      size += chunk.length;
      if (size > MAX_REQUEST_BODY_BYTES) {
        chunks.length = 0;
        resolve(undefined);
      } else chunks.push(chunk);
    });
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
};

/**
 * Answers 413 and discards the rest of the upload: read and dropped, so a client still sending
 * gets the answer rather than a reset connection.
 */
const refuseLargePayload = (request: IncomingMessage, response: ServerResponse) => {
  sendJson(response, 413, PAYLOAD_TOO_LARGE);
  request.resume();
};

const sendJson = (response: ServerResponse, statusCode: number, body: unknown) => {
  response.writeHead(statusCode, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/**
 * Writes a handler's result as API Gateway does: a structured result as given; anything else
 * (a string, an object without `statusCode`) as a 200 JSON body.
 */
const writeResult = (response: ServerResponse, result: APIGatewayProxyResultV2) => {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (result.cookies && result.cookies.length > 0) headers['set-cookie'] = result.cookies;
  if (!headers['content-type'] && result.body !== undefined)
    headers['content-type'] = 'application/json';
  const body =
    result.body === undefined
      ? undefined
      : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(body);
};

/**
 * A Node request handler for `/api/*`: 413 `{"message":"Request Entity Too Large"}` for a body
 * over 10 MB, 404 `{"message":"Not Found"}` for no route, 401
 * `{"message":"Unauthorized"}` for a missing or invalid token on a protected route, 500
 * `{"message":"Internal Server Error"}` when the handler throws, else the handler's answer.
 */
export const createApiAdapter = (options: ApiAdapterOptions) => {
  const verifyToken = createTokenVerifier(options);
  const loadHandler = options.loadHandler ?? importDomainHandler;
  const table = options.routeTable ?? routes;
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    // As API Gateway, before the route, the token or the body is looked at.
    if (Number(request.headers['content-length']) > MAX_REQUEST_BODY_BYTES) {
      refuseLargePayload(request, response);
      return;
    }
    const url = request.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const match = matchRoute(request.method ?? 'GET', path, table);
    if (!match) {
      sendJson(response, 404, { message: 'Not Found' });
      return;
    }
    let claims: Record<string, string> | undefined;
    if (match.route.access !== 'public') {
      const payload = await verifyToken(request.headers.authorization);
      if (!payload) {
        sendJson(response, 401, { message: 'Unauthorized' });
        return;
      }
      claims = stringifyClaims(payload);
    }
    const body = await readBody(request);
    if (!body) {
      refuseLargePayload(request, response);
      return;
    }
    const event = buildEvent(
      {
        method: request.method ?? 'GET',
        url,
        rawHeaders: request.rawHeaders,
        body,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
      },
      match,
      claims,
    );
    try {
      const handler = await loadHandler(match.route.domain);
      const result = await handler(
        event,
        createContext(match.route.domain, event.requestContext.requestId),
      );
      writeResult(response, result);
    } catch (error) {
      options.onError?.(error, match.route);
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal Server Error' });
      else response.end();
    }
  };
};
