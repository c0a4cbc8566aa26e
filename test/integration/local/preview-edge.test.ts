/**
 * The local preview distribution (lib/local/cloud/preview-edge.ts) against s3rver: a signed
 * address made by the service's own signer opens its version's folder and becomes cookies for
 * that folder; an unsigned, expired or other folder's request is 403; a client-side route serves
 * the preview's index.html (the CloudFront Function's own rewrite); nothing outside `sites/` is
 * served; every answer carries the preview headers.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  livePreviewContentSecurityPolicy,
  PREVIEW_ROBOTS_TAG,
  PREVIEW_URL_SECONDS,
  previewSitePrefix,
} from '../../../contract/design/live-previews';
import {
  parsePreviewSigningKey,
  signPreviewUrl,
  type PreviewSigningKey,
} from '../../../lambdas/builds/preview-url';
import { config } from '../../../lambdas/shared/config';
import { startPreviewEdge, type PreviewEdge } from '../../../lib/local/cloud/preview-edge';
import { createS3Client } from '../../../lib/local/emulators/resources';

const SITE_ORIGIN = 'http://localhost:3000';
const INDEX_HTML = '<!doctype html><html><body><div id="root">the built app</div></body></html>';
const SCRIPT = 'document.getElementById("root").textContent = "hello";';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET with the path sent as written (no `..` resolved by a URL parser) and the given cookies. */
const rawGet = (origin: string, path: string, cookie?: string): Promise<RawResponse> =>
  new Promise((done, fail) => {
    const { hostname, port } = new URL(origin);
    const request = httpRequest(
      { hostname, port, path, headers: cookie ? { cookie } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', fail);
    request.end();
  });

/** The `name=value` pairs of a response's Set-Cookie headers, as a browser sends them back. */
const cookieHeader = (headers: IncomingHttpHeaders): string =>
  (headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');

const pathAndQuery = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const s3 = createS3Client(process.env.AWS_ENDPOINT_URL_S3!);
const bucket = () => config().LIVE_PREVIEWS_BUCKET!;
const put = (key: string, body: string, contentType: string) =>
  s3.send(
    new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }),
  );

let edge: PreviewEdge;
let key: PreviewSigningKey;
const site = { template: ulid(), version: ulid() };
const other = { template: ulid(), version: ulid() };

const sign = (folder: typeof site, options: { now?: number; seconds?: number } = {}) =>
  signPreviewUrl({
    origin: edge.origin,
    templateId: folder.template,
    versionId: folder.version,
    key,
    ...options,
  }).url;

beforeAll(async () => {
  key = parsePreviewSigningKey(process.env.PREVIEW_SIGNING_KEY!);
  edge = await startPreviewEdge({
    port: 0,
    s3,
    bucket: bucket(),
    siteOrigin: SITE_ORIGIN,
    signingKey: () => process.env.PREVIEW_SIGNING_KEY!,
  });
  for (const folder of [site, other]) {
    const prefix = previewSitePrefix(folder.template, folder.version);
    await put(`${prefix}index.html`, INDEX_HTML, 'text/html; charset=utf-8');
    await put(`${prefix}assets/index-abc.js`, SCRIPT, 'text/javascript; charset=utf-8');
  }
  // Outside `sites/`: a build record, never served.
  await put(
    `records/${site.template}/${site.version}/build.json`,
    '{"secret":true}',
    'application/json',
  );
});

afterAll(async () => {
  await edge?.close();
});

describe('the local preview server', () => {
  it('serves a signed address: the folder’s index.html, with cookies scoped to that folder', async () => {
    const first = await rawGet(edge.origin, pathAndQuery(sign(site)));
    expect(first.status).toBe(200);
    expect(first.body).toBe(INDEX_HTML);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    const cookies = first.headers['set-cookie'] ?? [];
    expect(cookies.map((line) => line.split('=')[0]).sort()).toEqual([
      'CloudFront-Key-Pair-Id',
      'CloudFront-Policy',
      'CloudFront-Signature',
    ]);
    for (const line of cookies) {
      expect(line).toContain(`Path=/${site.template}/${site.version}/;`);
      expect(line).toContain(`Max-Age=${PREVIEW_URL_SECONDS};`);
      expect(line).toMatch(/HttpOnly; SameSite=None; Partitioned$/);
    }
    // The page's own files load with the cookies alone, as a browser asks for them.
    const script = await rawGet(
      edge.origin,
      `/${site.template}/${site.version}/assets/index-abc.js`,
      cookieHeader(first.headers),
    );
    expect(script.status).toBe(200);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers['set-cookie']).toBeUndefined();
  });

  it('serves a client-side route (no file extension) as the preview’s index.html', async () => {
    const first = await rawGet(edge.origin, pathAndQuery(sign(site)));
    const route = await rawGet(
      edge.origin,
      `/${site.template}/${site.version}/pricing/annual`,
      cookieHeader(first.headers),
    );
    expect(route.status).toBe(200);
    expect(route.body).toBe(INDEX_HTML);
  });

  it('refuses with 403 an unsigned request, an expired address, a forged one, and another folder with the first folder’s cookies', async () => {
    const folder = `/${site.template}/${site.version}/`;
    expect((await rawGet(edge.origin, folder)).status).toBe(403);
    expect((await rawGet(edge.origin, `${folder}assets/index-abc.js`)).status).toBe(403);
    const expired = sign(site, { now: Date.now() - (PREVIEW_URL_SECONDS + 60) * 1000 });
    const refused = await rawGet(edge.origin, pathAndQuery(expired));
    expect(refused.status).toBe(403);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Another folder's path with this folder's signature: the policy's resource does not match.
    const signedHere = new URL(sign(site));
    const elsewhere = `/${other.template}/${other.version}/${signedHere.search}`;
    expect((await rawGet(edge.origin, elsewhere)).status).toBe(403);
    // A signature over a policy edited to open everything does not verify.
    const forged = new URL(sign(site));
    const wide = Buffer.from(
      JSON.stringify({
        Statement: [
          {
            Resource: `${edge.origin}/*`,
            Condition: { DateLessThan: { 'AWS:EpochTime': 4_000_000_000 } },
          },
        ],
      }),
    )
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/=/g, '_')
      .replace(/\//g, '~');
    forged.searchParams.set('Policy', wide);
    forged.pathname = `/${other.template}/${other.version}/`;
    expect((await rawGet(edge.origin, pathAndQuery(forged.toString()))).status).toBe(403);
    // The first folder's cookies (a browser would not even send them elsewhere: their path).
    const first = await rawGet(edge.origin, pathAndQuery(sign(site)));
    const withCookies = await rawGet(
      edge.origin,
      `/${other.template}/${other.version}/`,
      cookieHeader(first.headers),
    );
    expect(withCookies.status).toBe(403);
  });

  it('never serves anything outside sites/, even when signed', async () => {
    const first = await rawGet(edge.origin, pathAndQuery(sign(site)));
    const cookies = cookieHeader(first.headers);
    for (const path of [
      `/${site.template}/${site.version}/../../../records/${site.template}/${site.version}/build.json`,
      `/${site.template}/${site.version}/%2e%2e/%2e%2e/records/${site.template}/${site.version}/build.json`,
    ]) {
      const answer = await rawGet(edge.origin, path, cookies);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body).not.toContain('secret');
    }
    expect(
      (await rawGet(edge.origin, `/${site.template}/${site.version}/nope.js`, cookies)).status,
    ).toBe(404);
  });

  it('answers with the preview headers: the strict CSP framed by the site only, noindex, nosniff', async () => {
    for (const path of [pathAndQuery(sign(site)), `/${site.template}/${site.version}/`]) {
      const { headers } = await rawGet(edge.origin, path);
      expect(headers['content-security-policy'], path).toBe(
        livePreviewContentSecurityPolicy([SITE_ORIGIN]),
      );
      expect(headers['content-security-policy']).toContain(`frame-ancestors ${SITE_ORIGIN}`);
      expect(headers['x-robots-tag'], path).toBe(PREVIEW_ROBOTS_TAG);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('no-referrer');
      expect(headers['permissions-policy'], path).toContain('camera=()');
    }
  });
});
