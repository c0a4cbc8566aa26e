import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  buildEvent,
  createApiAdapter,
  matchRoute,
  MAX_REQUEST_BODY_BYTES,
  stringifyClaims,
} from '../../../lib/local/cloud/http-adapter';
import type { RouteDefinition } from '../../../contract/routes';

const table: RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/mvps',
    domain: 'catalog',
    operation: 'list',
    access: 'public',
    summary: 'A test route.',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}',
    domain: 'catalog',
    operation: 'get',
    access: 'public',
    summary: 'A test route.',
  },
  {
    method: 'GET',
    path: '/api/mvps/mine',
    domain: 'catalog',
    operation: 'mine',
    access: 'user',
    summary: 'A test route.',
  },
  {
    method: 'PUT',
    path: '/api/mvps/{id}/files/{name}',
    domain: 'catalog',
    operation: 'put',
    access: 'approved-seller',
    summary: 'A test route.',
  },
];

describe('matchRoute', () => {
  it('matches literal paths and decodes parameters', () => {
    expect(matchRoute('GET', '/api/mvps', table)?.route.operation).toBe('list');
    expect(matchRoute('GET', '/api/mvps/01ABC', table)).toMatchObject({
      route: { operation: 'get' },
      pathParameters: { id: '01ABC' },
    });
    expect(matchRoute('put', '/api/mvps/a%20b/files/c%2Fd', table)?.pathParameters).toEqual({
      id: 'a b',
      name: 'c/d',
    });
  });

  it('prefers a literal segment over a parameter, whatever the order', () => {
    expect(matchRoute('GET', '/api/mvps/mine', table)?.route.operation).toBe('mine');
  });

  it('finds nothing for an unknown path, another method or an empty parameter', () => {
    expect(matchRoute('GET', '/api/nope', table)).toBeUndefined();
    expect(matchRoute('DELETE', '/api/mvps', table)).toBeUndefined();
    expect(matchRoute('GET', '/api/mvps/x/y', table)).toBeUndefined();
  });
});

describe('stringifyClaims', () => {
  it('turns every claim into a string as API Gateway does', () => {
    expect(
      stringifyClaims({
        sub: 'abc',
        email_verified: true,
        auth_time: 1700000000,
        'cognito:groups': ['buyer', 'admin'],
        aud: 'client',
      }),
    ).toEqual({
      sub: 'abc',
      email_verified: 'true',
      auth_time: '1700000000',
      'cognito:groups': '[buyer admin]',
      aud: 'client',
    });
  });
});

describe('buildEvent', () => {
  const match = { route: table[1]!, pathParameters: { id: '01ABC' } };

  it('builds a payload-format-2.0 event', () => {
    const event = buildEvent(
      {
        method: 'GET',
        url: '/api/mvps/01ABC?tech_stack=React&tech_stack=Vue.js&search=a+b%21',
        rawHeaders: [
          'Host',
          'localhost:3000',
          'X-Custom',
          'one',
          'x-custom',
          'two',
          'Cookie',
          'a=1; b=2',
          'User-Agent',
          'ua',
        ],
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
      },
      match,
    );
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/mvps/{id}',
      rawPath: '/api/mvps/01ABC',
      rawQueryString: 'tech_stack=React&tech_stack=Vue.js&search=a+b%21',
      headers: { host: 'localhost:3000', 'x-custom': 'one,two', 'user-agent': 'ua' },
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { tech_stack: 'React,Vue.js', search: 'a b!' },
      pathParameters: { id: '01ABC' },
      isBase64Encoded: false,
      requestContext: {
        routeKey: 'GET /api/mvps/{id}',
        stage: '$default',
        http: { method: 'GET', path: '/api/mvps/01ABC', sourceIp: '127.0.0.1', userAgent: 'ua' },
      },
    });
    expect(event.headers.cookie).toBeUndefined();
    expect(event.body).toBeUndefined();
    expect('authorizer' in event.requestContext).toBe(false);
    expect(event.requestContext.time).toMatch(
      /^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/,
    );
  });

  it('passes text bodies as text, binary ones base64-encoded, and claims under the JWT authorizer', () => {
    const text = buildEvent(
      {
        method: 'POST',
        url: '/x',
        rawHeaders: ['Content-Type', 'application/json'],
        body: Buffer.from('{"a":1}'),
        sourceIp: '::1',
      },
      match,
      { sub: 'abc', 'cognito:groups': '[buyer]' },
    );
    expect(text.body).toBe('{"a":1}');
    expect(text.isBase64Encoded).toBe(false);
    expect(text.queryStringParameters).toBeUndefined();
    expect((text.requestContext as unknown as { authorizer: unknown }).authorizer).toEqual({
      principalId: '',
      integrationLatency: 0,
      jwt: { claims: { sub: 'abc', 'cognito:groups': '[buyer]' }, scopes: null },
    });
    const binary = buildEvent(
      {
        method: 'POST',
        url: '/x',
        rawHeaders: ['Content-Type', 'application/zip'],
        body: Buffer.from([0, 1, 2, 255]),
        sourceIp: '::1',
      },
      match,
    );
    expect(binary.isBase64Encoded).toBe(true);
    expect(binary.body).toBe(Buffer.from([0, 1, 2, 255]).toString('base64'));
  });
});

describe('createApiAdapter', () => {
  it('passes a non-JSON answer (a CSV download) through with its headers and bytes unchanged', async () => {
    const csv = 'email,source\r\n"a,b@x.com",\'=1+1\r\nzoë@x.com,launch_page\r\n';
    const adapter = createApiAdapter({
      cognitoEndpoint: 'http://localhost:1',
      userPoolId: 'local_pool',
      userPoolClientId: 'client',
      routeTable: table,
      loadHandler: async () => async () => ({
        statusCode: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="subscribers-2026-11-23.csv"',
          'cache-control': 'no-store',
        },
        body: csv,
      }),
    });
    const server = createServer((request, response) => void adapter(request, response));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/mvps`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="subscribers-2026-11-23.csv"',
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe(csv);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

describe('createApiAdapter body size', () => {
  const postRoute: RouteDefinition = {
    method: 'POST',
    path: '/api/contact',
    domain: 'contact',
    operation: 'send',
    access: 'public',
    summary: 'A test route.',
  };

  /** An adapter on a free port whose handler records the body lengths it is given. */
  const startAdapter = async () => {
    const received: number[] = [];
    const adapter = createApiAdapter({
      cognitoEndpoint: 'http://localhost:1',
      userPoolId: 'local_pool',
      userPoolClientId: 'client',
      routeTable: [postRoute],
      loadHandler: async () => async (event) => {
        received.push(Buffer.byteLength(event.body ?? ''));
        return { statusCode: 204 };
      },
    });
    const server = createServer((request, response) => void adapter(request, response));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    const { port } = server.address() as AddressInfo;
    return {
      received,
      close: () => new Promise<void>((done) => server.close(() => done())),
      /** Sends `size` bytes of JSON-ish text, declared up front or streamed in chunks. */
      post: (size: number, framing: 'content-length' | 'chunked') =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = httpRequest(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/contact',
              headers: {
                'content-type': 'application/json',
                ...(framing === 'content-length' ? { 'content-length': String(size) } : {}),
              },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({
                  status: response.statusCode ?? 0,
                  body: Buffer.concat(chunks).toString('utf8'),
                }),
              );
            },
          );
          request.on('error', reject);
          const chunk = Buffer.alloc(1024 * 1024, 'a');
          let left = size;
          while (left > 0) {
            request.write(left >= chunk.length ? chunk : chunk.subarray(0, left));
            left -= chunk.length;
          }
          request.end();
        }),
    };
  };

  it.each(['content-length', 'chunked'] as const)(
    'refuses a body over 10 MB (%s) with 413, as API Gateway does, before any handler',
    async (framing) => {
      const adapter = await startAdapter();
      try {
        const answer = await adapter.post(MAX_REQUEST_BODY_BYTES + 1, framing);
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toEqual({ message: 'Request Entity Too Large' });
        expect(adapter.received).toEqual([]);
      } finally {
        await adapter.close();
      }
    },
  );

  it('hands a body of exactly 10 MB to the handler whole', async () => {
    const adapter = await startAdapter();
    try {
      const answer = await adapter.post(MAX_REQUEST_BODY_BYTES, 'chunked');
      expect(answer.status).toBe(204);
      expect(adapter.received).toEqual([MAX_REQUEST_BODY_BYTES]);
    } finally {
      await adapter.close();
    }
  });
});
