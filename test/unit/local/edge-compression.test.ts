/**
 * The local edge compresses the public catalog's API answers as CloudFront does on those cache
 * behaviours (browse and detail accept gzip and brotli): JSON of 1,000 bytes or more, brotli or
 * gzip as asked. Smaller answers, and every other API path, pass as the API sent them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSiteConfig, startEdge, type Edge } from '../../../lib/local/cloud/edge';

const large = { items: Array.from({ length: 100 }, (_, index) => ({ id: index, title: 'Kit' })) };
const small = { message: 'Not Found' };

let edge: Edge;
let port: number;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'edge-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
  edge = await startEdge({
    port: 0,
    web: 'dist',
    distDir: dist,
    originVerifyValue: () => 'unit-origin-verify-value-0123456789',
    api: async (request, response) => {
      const body = request.url?.includes('missing') ? small : large;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    },
    previews: async (_request, response) => {
      response.writeHead(404);
      response.end();
    },
    webConfig: localSiteConfig({
      userPool: { userPoolId: 'local_pool', userPoolClientId: 'client' },
      cognitoEndpoint: 'http://localhost:1',
      betaAccess: false,
      paymentsMode: 'local',
    }),
    endpoints: { cognito: 'http://localhost:1', filesBucket: 'http://localhost:2' },
  });
  port = (edge.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await edge.close();
});

const get = (path: string, acceptEncoding: string) =>
  new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    const req = httpRequest(
      { port, path, headers: { 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done({ headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', fail);
    req.end();
  });

describe('the local edge compresses as CloudFront does', () => {
  it('sends browse and detail answers compressed, as the browser asks', async () => {
    const browse = await get('/api/mvps?page=0', 'gzip, deflate, br');
    expect(browse.headers['content-encoding']).toBe('br');
    expect(browse.headers.vary).toBe('Accept-Encoding');
    expect(Number(browse.headers['content-length'])).toBe(browse.body.length);
    expect(JSON.parse(brotliDecompressSync(browse.body).toString())).toEqual(large);
    expect(browse.body.length).toBeLessThan(JSON.stringify(large).length / 3);

    const detail = await get('/api/mvps/01JRX9Q880QQ94X88GG87FKWQC', 'gzip');
    expect(detail.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(detail.body).toString())).toEqual(large);
  });

  it('leaves small answers, other API paths and browsers that ask for none as they are', async () => {
    const tiny = await get('/api/mvps/missing', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.body.toString())).toEqual(small);
    const other = await get('/api/my/downloads', 'br');
    expect(other.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(other.body.toString())).toEqual(large);
    const identity = await get('/api/mvps', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString())).toEqual(large);
  });
});
