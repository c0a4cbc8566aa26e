/**
 * What the local server hands a browser: the production build only,
 * compressed and cached as CloudFront serves it, never a file outside it; preview images only
 * under the preview prefix; CloudFront's security headers on every response. And the Vite dev
 * server (`npm run dev`) refusing `.local/` and everything outside the frontend and contracts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devServerFs } from '../../../frontend/vite.config';
import { PREVIEW_CONTENT_SECURITY_POLICY } from '../../../contract/design/web-security';
import { createS3Client, localBucketNames } from '../../../lib/local/emulators/resources';
import { startLocalStack, type LocalStack } from '../../../lib/local/stack';
import { createViteHandler, repositoryRoot } from '../../../lib/local/cloud/web';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A GET with the path sent exactly as written: `fetch` (the WHATWG URL parser) would resolve
 * `/../` and `/assets/../..` before sending, and an attacker's client does not.
 */
const rawGet = (
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> =>
  new Promise((done, fail) => {
    const { hostname, port } = new URL(base);
    const request = httpRequest({ hostname, port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', fail);
    request.end();
  });

const ASSET = `export const greeting = ${JSON.stringify('hello from the build '.repeat(200))};\n`;
const INDEX_HTML = '<!doctype html><html><head><title>fixture build</title></head></html>';
const SECRET_BUNDLE = 'SECRET-BUNDLE-CONTENT of a pending upload';
const OUTSIDE_PREFIX = 'PRIVATE object of the preview bucket outside previews/';

let dataDir: string;
let distDir: string;
let stack: LocalStack | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'marketplace-web-'));
  distDir = await mkdtemp(join(tmpdir(), 'marketplace-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, 'assets', 'app-Ab12Cd34.js'), ASSET);
  await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  stack = await startLocalStack({
    port: await getPort(),
    dataDir,
    seed: false,
    web: 'dist',
    distDir,
    quiet: true,
  });
  const s3 = createS3Client(stack.env.AWS_ENDPOINT_URL_S3!);
  const put = (Bucket: string, Key: string, Body: string, ContentType: string) =>
    s3.send(new PutObjectCommand({ Bucket, Key, Body, ContentType }));
  await Promise.all([
    put(localBucketNames.mvpFiles, 'uploads/seller-1/bundle.zip', SECRET_BUNDLE, 'application/zip'),
    put(localBucketNames.previewImages, 'elsewhere/private.txt', OUTSIDE_PREFIX, 'text/plain'),
    put(localBucketNames.previewImages, 'previews/mvps/m1/1.png', 'PNG-BYTES', 'image/png'),
  ]);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(distDir, { recursive: true, force: true });
});

describe('/previews/', () => {
  it('serves an image under the preview prefix, with the sandboxing CSP and nosniff', async () => {
    const response = await rawGet(stack!.url, '/previews/mvps/m1/1.png');
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('PNG-BYTES');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-security-policy']).toBe(PREVIEW_CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    '/previews/..%2F..%2Fmvp-files%2Fuploads%2Fseller-1%2Fbundle.zip',
    '/previews/%2e%2e/%2e%2e/mvp-files/uploads/seller-1/bundle.zip',
    '/previews/../../mvp-files/uploads/seller-1/bundle.zip',
    '/previews/mvps/%2E%2E/%2E%2E/..%2f..%2fmvp-files/uploads/seller-1/bundle.zip',
    '/previews/..%5C..%5Cmvp-files%5Cuploads%5Cseller-1%5Cbundle.zip',
    '/previews/%2e%2e/elsewhere/private.txt',
    '/previews/./../elsewhere/private.txt',
    '/previews/mvps/m1/1.png%00.txt',
    '/previews/',
  ])('answers 404 to %s and never another bucket or prefix', async (path) => {
    const response = await rawGet(stack!.url, path);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('SECRET-BUNDLE');
    expect(response.body.toString()).not.toContain('PRIVATE');
  });
});

describe('the production build', () => {
  it('never serves a file outside the build', async () => {
    const secret = join(dataDir, 'state.json');
    for (const path of [
      `/@fs${secret}`,
      `/@fs${join(repositoryRoot, 'package.json')}`,
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2Fpackage.json',
      '/assets/../../package.json',
      '/assets/..%2F..%2Fpackage.json',
      '/assets/..%5C..%5Cpackage.json',
      '/.local/state.json',
      `/${'..%2F'.repeat(8)}etc%2Fpasswd`,
      '/index.html%00.js',
    ]) {
      const response = await rawGet(stack!.url, path);
      const body = response.body.toString();
      expect([404, 200], path).toContain(response.status);
      if (response.status === 200) expect(body, path).toBe(INDEX_HTML);
      expect(body, path).not.toContain('userPool');
      expect(body, path).not.toContain('mvp-marketplace');
      expect(body, path).not.toContain('root:');
    }
  });

  it('gives client-side routes index.html, and a missing asset a 404', async () => {
    const route = await rawGet(stack!.url, '/mvps/some-template?sort=latest');
    expect(route.status).toBe(200);
    expect(route.body.toString()).toBe(INDEX_HTML);
    expect((await rawGet(stack!.url, '/assets/gone-Xy98.js')).status).toBe(404);
    expect((await rawGet(stack!.url, '/robots.txt')).status).toBe(404);
  });

  it('compresses scripts with brotli or gzip as the browser accepts, cached as immutable', async () => {
    const path = '/assets/app-Ab12Cd34.js';
    // Gzip until the file's brotli is done (compressed once, off the requests' path), then brotli.
    let brotli = await rawGet(stack!.url, path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.status).toBe(200);
    expect(['br', 'gzip']).toContain(brotli.headers['content-encoding']);
    await expect
      .poll(async () => {
        brotli = await rawGet(stack!.url, path, { 'accept-encoding': 'gzip, deflate, br' });
        return brotli.headers['content-encoding'];
      })
      .toBe('br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(ASSET);
    expect(brotli.body.length).toBeLessThan(ASSET.length / 5);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');

    const gzip = await rawGet(stack!.url, path, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(ASSET);

    const plain = await rawGet(stack!.url, path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('makes browsers revalidate index.html (no-cache, with an ETag)', async () => {
    const first = await rawGet(stack!.url, '/');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeTruthy();
    const again = await rawGet(stack!.url, '/', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await rawGet(stack!.url, '/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });
});

describe('security headers', () => {
  it('are on the site, config.json, the API and errors, with the local endpoints in the CSP', async () => {
    for (const path of ['/', '/mvps', '/config.json', '/api/mvps', '/api/me', '/assets/nope.js']) {
      const { headers } = await rawGet(stack!.url, path);
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain(
        `connect-src 'self' ${stack!.cognitoEndpoint} ${stack!.env.AWS_ENDPOINT_URL_S3}`,
      );
      // The template page frames live previews from the local preview server, and only there.
      expect(csp, path).toContain(`frame-src ${stack!.previewUrl};`);
      expect(stack!.env.PREVIEW_ORIGIN).toBe(stack!.previewUrl);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      // Plain http: browsers ignore HSTS there, so the local server does not send it.
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
  });
});

describe('the Vite dev server (npm run dev)', () => {
  it('may read only the frontend and the contract, never .local/ or .env', () => {
    expect(devServerFs.strict).toBe(true);
    expect(devServerFs.allow).toEqual([
      join(repositoryRoot, 'frontend/'),
      join(repositoryRoot, 'contract'),
    ]);
    expect(devServerFs.deny).toEqual(
      expect.arrayContaining(['.env', '.env.*', '**/.local/**', '**/.cognito/**', '**/.git/**']),
    );
  });

  it('answers 403 to /@fs/ for a file under .local/ and outside the allowed folders', async () => {
    const localDir = join(repositoryRoot, '.local');
    const secret = join(localDir, `vite-deny-test-${process.pid}.json`);
    await mkdir(localDir, { recursive: true });
    await writeFile(secret, '{"refresh_token":"do-not-serve"}');
    const server = createServer();
    const vite = await createViteHandler(server);
    server.on('request', (request, response) => void vite.handle(request, response));
    const port = await getPort();
    await new Promise<void>((done) => server.listen(port, 'localhost', done));
    const base = `http://localhost:${port}`;
    try {
      const local = await rawGet(base, `/@fs${secret}`);
      expect(local.status).toBe(403);
      expect(local.body.toString()).not.toContain('do-not-serve');
      const outside = await rawGet(base, `/@fs${join(repositoryRoot, 'package.json')}`);
      expect(outside.status).toBe(403);
      expect(outside.body.toString()).not.toContain('"mvp-marketplace"');
      // Sanity: the same route does serve the frontend's own files.
      const allowed = await rawGet(
        base,
        `/@fs${join(repositoryRoot, 'frontend/public/favicon.svg')}`,
      );
      expect(allowed.status).toBe(200);
    } finally {
      await vite.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await rm(secret, { force: true });
    }
  }, 60_000);
});
