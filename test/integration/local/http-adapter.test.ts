/**
 * The local API adapter against the real cognito-local pool and the real domain handlers: the
 * token checks of API Gateway's JWT authorizer, the event the handler receives, 404 for no route.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiAdapter, importDomainHandler } from '../../../lib/local/cloud/http-adapter';
import { setOriginHeader } from '../../../lib/local/cloud/edge';
import { ORIGIN_VERIFY_HEADER } from '../../../contract/design/origin-verify';
import { cloudFrontHeaders } from '../../fixtures/api-event';
import type { BrowseResult } from '../../../contract/catalog';
import type { Profile } from '../../../contract/profile';
import { createTestUser, localCloud, type TestUser } from '../../fixtures/users';

const require = createRequire(import.meta.url);

/** cognito-local signs with a fixed key it ships; tests use it to mint tokens it would accept. */
const cognitoLocalKey = (): KeyObject => {
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: Record<string, string> };
  return createPrivateKey({ key: jwk, format: 'jwk' });
};

const signJwt = (payload: Record<string, unknown>, key: KeyObject, kid = 'CognitoLocal') => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
};

const decodePayload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

let server: Server;
let baseUrl: string;
let user: TestUser;
const seen: APIGatewayProxyEventV2[] = [];

beforeAll(async () => {
  const cloud = localCloud();
  user = await createTestUser({ role: 'buyer', group: 'buyer' });
  const adapter = createApiAdapter({
    cognitoEndpoint: cloud.cognitoEndpoint,
    userPoolId: cloud.userPoolId,
    userPoolClientId: cloud.userPoolClientId,
    // The real handlers, with the events they receive recorded for the assertions below.
    loadHandler: async (domain) => {
      const real = await importDomainHandler(domain);
      return (event, context) => {
        seen.push(event);
        return real(event, context);
      };
    },
  });
  // As CloudFront (and the local edge) forward it: with the secret origin header, which the
  // handlers require (origin-header.test.ts covers a request without it).
  const origin = cloudFrontHeaders()[ORIGIN_VERIFY_HEADER] ?? '';
  server = createServer((request, response) => {
    setOriginHeader(request, origin);
    void adapter(request, response);
  });
  await new Promise<void>((done) => server.listen(0, 'localhost', () => done()));
  const address = server.address();
  baseUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
});

const get = (path: string, token?: string) =>
  fetch(`${baseUrl}${path}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

describe('protected routes', () => {
  it('answer 401 without a token, and never call the handler', async () => {
    const before = seen.length;
    const response = await get('/api/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    expect(seen.length).toBe(before);
  });

  it('answer 401 for a token signed by another key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = signJwt({ ...decodePayload(user.idToken) }, privateKey);
    expect((await get('/api/me', forged)).status).toBe(401);
  });

  it('answer 401 for an expired token of the pool', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt(
      { ...decodePayload(user.idToken), iat: now - 7200, exp: now - 3600 },
      cognitoLocalKey(),
    );
    expect((await get('/api/me', expired)).status).toBe(401);
  });

  it('answer 401 for a token of another client, another issuer, or an access token', async () => {
    const claims = decodePayload(user.idToken);
    const key = cognitoLocalKey();
    expect((await get('/api/me', signJwt({ ...claims, aud: 'another-client' }, key))).status).toBe(
      401,
    );
    expect(
      (await get('/api/me', signJwt({ ...claims, iss: 'http://localhost:1/local_other' }, key)))
        .status,
    ).toBe(401);
    expect((await get('/api/me', signJwt({ ...claims, token_use: 'access' }, key))).status).toBe(
      401,
    );
    expect((await get('/api/me', 'not-a-jwt')).status).toBe(401);
  });

  it('pass a real ID token through, with its claims stringified as API Gateway does', async () => {
    const response = await get('/api/me', user.idToken);
    expect(response.status).toBe(200);
    const profile = (await response.json()) as Profile;
    expect(profile).toMatchObject({ id: user.sub, email: user.email });

    const event = seen.at(-1)!;
    expect(event.routeKey).toBe('GET /api/me');
    const authorizer = (
      event.requestContext as unknown as {
        authorizer: { jwt: { claims: Record<string, string>; scopes: unknown } };
      }
    ).authorizer;
    expect(authorizer.jwt.scopes).toBeNull();
    expect(authorizer.jwt.claims).toMatchObject({
      sub: user.sub,
      email: user.email,
      email_verified: 'true',
      token_use: 'id',
      'custom:role': 'buyer',
      'cognito:groups': '[buyer]',
      aud: localCloud().userPoolClientId,
    });
    for (const value of Object.values(authorizer.jwt.claims)) expect(typeof value).toBe('string');
  });
});

describe('public routes', () => {
  it('need no token and carry no authorizer', async () => {
    const response = await fetch(
      `${baseUrl}/api/mvps?tech_stack=React&tech_stack=Vue.js&sort=download_count`,
    );
    expect(response.status).toBe(200);
    const result = (await response.json()) as BrowseResult;
    expect(result).toMatchObject({ items: [], total: 0, page: 0 });
    const event = seen.at(-1)!;
    expect(event.routeKey).toBe('GET /api/mvps');
    expect(event.queryStringParameters).toEqual({
      tech_stack: 'React,Vue.js',
      sort: 'download_count',
    });
    expect('authorizer' in event.requestContext).toBe(false);
  });

  it('get decoded path parameters and the handler’s own errors', async () => {
    const response = await fetch(`${baseUrl}/api/mvps/not%20a%20ulid`);
    expect(response.status).toBe(400);
    expect(seen.at(-1)!.pathParameters).toEqual({ id: 'not a ulid' });
  });
});

describe('unknown routes', () => {
  it('answer 404 Not Found, for an unknown path or a known path with another method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/mvps'],
      ['GET', '/api'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not Found' });
    }
  });
});
