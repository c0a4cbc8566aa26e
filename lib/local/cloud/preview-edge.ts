/**
 * The local preview distribution: a small HTTP server on a port of its own, at
 * `http://127.0.0.1:<port>` (another host than the site's `localhost`, so none of the site's
 * cookies reach it, as the previews' own domain does in the cloud), that behaves like
 * lib/constructs/preview-distribution.ts:
 *
 * - every request must be signed: a signed address (`Policy`, `Signature`, `Key-Pair-Id`) or the
 *   cookies it became, checked as CloudFront checks them (RSA-SHA1 over the custom policy, with
 *   the public half of the local signing key, `previewSigningKey`), the policy's resource matching
 *   the request and its time not past; anything else is 403;
 * - the viewer-request and viewer-response functions are the CloudFront Functions' own source
 *   (lib/constructs/preview-functions.ts), evaluated here: a folder or client-side route serves
 *   the preview's `index.html`, and a signed address becomes cookies scoped to its folder;
 * - objects come from the live previews bucket under `sites/` only (the distribution's origin
 *   path), never from anywhere else of it;
 * - every answer carries the preview headers: the strict CSP framed by the site's origin only,
 *   `X-Robots-Tag: noindex`, nosniff, no referrer, the permissions policy (no HSTS on http).
 */
import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  fromCloudFrontBase64,
  livePreviewContentSecurityPolicy,
  PREVIEW_ROBOTS_TAG,
  PREVIEW_SIGNATURE_PARAMS,
  PREVIEW_SIGNED_COOKIES,
  previewLayout,
} from '../../../contract/design/live-previews';
import { webSecurityHeaders } from '../../../contract/design/web-security';
import {
  previewRewriteSource,
  previewSignedCookiesSource,
} from '../../constructs/preview-functions';
import { safePathSegments } from './web';

export interface PreviewEdgeOptions {
  port: number;
  s3: S3Client;
  /** The live previews bucket (its `sites/` prefix is all that is served). */
  bucket: string;
  /** The marketplace's origin, the only page that may frame a preview (`frame-ancestors`). */
  siteOrigin: string;
  /** The signing key's value (`{"keyPairId", "privateKey"}`), asked per request as the handlers read it. */
  signingKey: () => string;
}

export interface PreviewEdge {
  /** `http://127.0.0.1:<port>`: the origin signed preview addresses are made on. */
  origin: string;
  server: Server;
  close(): Promise<void>;
}

/** The host the preview server listens on: not `localhost`, so the site's cookies stay away. */
export const PREVIEW_EDGE_HOST = '127.0.0.1';

/** The origin of a preview server on `port`. */
export const previewEdgeOrigin = (port: number): string => `http://${PREVIEW_EDGE_HOST}:${port}`;

type QueryString = Record<string, { value: string }>;
interface CloudFrontRequest {
  uri: string;
  querystring: QueryString;
}
interface CloudFrontCookies {
  cookies: Record<string, { value: string; attributes?: string }>;
}
type ViewerRequest = (event: { request: CloudFrontRequest }) => CloudFrontRequest;
type ViewerResponse = (event: {
  request: CloudFrontRequest;
  response: CloudFrontCookies;
}) => CloudFrontCookies;

/** A CloudFront Function's source evaluated into its handler, in a context of its own. */
const cloudFrontFunction = <Handler>(source: string): Handler =>
  runInNewContext(`${source}\nhandler;`, {}) as Handler;

const viewerRequest = cloudFrontFunction<ViewerRequest>(previewRewriteSource);
const viewerResponse = cloudFrontFunction<ViewerResponse>(previewSignedCookiesSource);

/** The preview headers of the distribution's response headers policy, as plain http sends them. */
const previewHeaders = (siteOrigin: string): Record<string, string> => ({
  'content-security-policy': livePreviewContentSecurityPolicy([siteOrigin]),
  'x-robots-tag': PREVIEW_ROBOTS_TAG,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': webSecurityHeaders.permissionsPolicy,
});

const cookiesOf = (header: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf('=');
        return at === -1 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
      }),
  );

/** A policy resource (`*` any characters, `?` one) as a test of a URL. */
const resourcePattern = (resource: string): RegExp =>
  new RegExp(
    `^${resource
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

interface Signed {
  policy: string;
  signature: string;
  keyPairId: string;
}

interface PolicyStatement {
  Resource?: unknown;
  Condition?: {
    DateLessThan?: { 'AWS:EpochTime'?: unknown };
    DateGreaterThan?: { 'AWS:EpochTime'?: unknown };
  };
}

/**
 * Whether `signed` opens `url` now: the key pair is the local one, the signature is the key's over
 * the policy's bytes, the policy's resource matches and its time is not past (CloudFront's rules
 * for a custom policy).
 */
export const signatureOpens = (
  signed: Signed,
  url: string,
  key: { keyPairId: string; publicKey: KeyObject },
  nowSeconds: number,
): boolean => {
  if (signed.keyPairId !== key.keyPairId) return false;
  let policyText: string;
  let statement: PolicyStatement | undefined;
  try {
    policyText = Buffer.from(fromCloudFrontBase64(signed.policy), 'base64').toString('utf8');
    statement = (JSON.parse(policyText) as { Statement?: PolicyStatement[] }).Statement?.[0];
  } catch (_error) {
    return false;
  }
  const verifies = createVerify('RSA-SHA1')
    .update(policyText)
    .verify(key.publicKey, fromCloudFrontBase64(signed.signature), 'base64');
  if (!verifies || !statement || typeof statement.Resource !== 'string') return false;
  const until = statement.Condition?.DateLessThan?.['AWS:EpochTime'];
  const from = statement.Condition?.DateGreaterThan?.['AWS:EpochTime'];
  if (typeof until !== 'number' || nowSeconds >= until) return false;
  if (typeof from === 'number' && nowSeconds <= from) return false;
  return resourcePattern(statement.Resource).test(url);
};

/** The signing key's public half, derived once per value of the secret. */
const publicKeyReader = (signingKey: () => string) => {
  let cached: { value: string; key: { keyPairId: string; publicKey: KeyObject } } | undefined;
  return () => {
    const value = signingKey();
    if (cached?.value !== value) {
      const { keyPairId, privateKey } = JSON.parse(value) as {
        keyPairId: string;
        privateKey: string;
      };
      cached = { value, key: { keyPairId, publicKey: createPublicKey(privateKey) } };
    }
    return cached.key;
  };
};

/** The signature of a request: its address's query, else the cookies an address became. */
const signedOf = (query: URLSearchParams, cookies: Record<string, string>): Signed | null => {
  const P = PREVIEW_SIGNATURE_PARAMS;
  const C = PREVIEW_SIGNED_COOKIES;
  const [policy, signature, keyPairId] = [
    query.get(P.policy),
    query.get(P.signature),
    query.get(P.keyPairId),
  ];
  if (policy && signature && keyPairId) return { policy, signature, keyPairId };
  const [cPolicy, cSignature, cKeyPairId] = [
    cookies[C.policy],
    cookies[C.signature],
    cookies[C.keyPairId],
  ];
  if (cPolicy && cSignature && cKeyPairId) {
    return { policy: cPolicy, signature: cSignature, keyPairId: cKeyPairId };
  }
  return null;
};

const refuse = (response: ServerResponse, status: number, text: string) => {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
};

/** One request, as the preview distribution answers it. */
const handle = async (
  options: PreviewEdgeOptions,
  origin: string,
  keyOf: ReturnType<typeof publicKeyReader>,
  request: IncomingMessage,
  response: ServerResponse,
) => {
  for (const [name, value] of Object.entries(previewHeaders(options.siteOrigin))) {
    response.setHeader(name, value);
  }
  // The distribution allows GET and HEAD only.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    refuse(response, 403, 'Forbidden');
    return;
  }
  const address = new URL(request.url ?? '/', origin);
  const query = address.searchParams;
  const signed = signedOf(query, cookiesOf(request.headers.cookie));
  // The URL as CloudFront matches it against the policy: without the signature's own parameters.
  const rest = new URLSearchParams(query);
  for (const name of Object.values(PREVIEW_SIGNATURE_PARAMS)) rest.delete(name);
  const matched = `${origin}${address.pathname}${rest.size ? `?${rest.toString()}` : ''}`;
  if (!signed || !signatureOpens(signed, matched, keyOf(), Math.floor(Date.now() / 1000))) {
    refuse(response, 403, 'Forbidden: this preview address is not signed, or has expired.');
    return;
  }
  const querystring: QueryString = Object.fromEntries(
    [...query.entries()].map(([name, value]) => [name, { value }]),
  );
  const rewritten = viewerRequest({ request: { uri: address.pathname, querystring } });
  // Only `sites/…`, rebuilt from checked segments: the S3 client never sees a `..`.
  const segments = safePathSegments(rewritten.uri);
  if (!segments || segments.length < 3) {
    refuse(response, 404, 'Not Found');
    return;
  }
  const key = `${previewLayout.sitesPrefix}${segments.join('/')}`;
  let object;
  try {
    object = await options.s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchBucket') {
      refuse(response, 404, 'Not Found');
      return;
    }
    throw error;
  }
  const { cookies: set } = viewerResponse({
    request: { uri: rewritten.uri, querystring },
    response: { cookies: {} },
  });
  const setCookies = Object.entries(set).map(
    ([name, cookie]) =>
      `${name}=${cookie.value}${cookie.attributes ? `; ${cookie.attributes}` : ''}`,
  );
  response.writeHead(200, {
    'content-type': object.ContentType ?? 'application/octet-stream',
    ...(object.ContentLength !== undefined
      ? { 'content-length': String(object.ContentLength) }
      : {}),
    ...(object.ETag ? { etag: object.ETag } : {}),
    ...(setCookies.length ? { 'set-cookie': setCookies } : {}),
  });
  const body = object.Body;
  if (request.method === 'HEAD' || !(body instanceof Readable)) {
    if (body instanceof Readable) body.destroy();
    response.end();
    return;
  }
  body.pipe(response);
};

/** Starts the preview server on `options.port` (0: any free port); resolves once it listens. */
export const startPreviewEdge = async (options: PreviewEdgeOptions): Promise<PreviewEdge> => {
  const keyOf = publicKeyReader(options.signingKey);
  let origin = previewEdgeOrigin(options.port);
  const server = createServer((request, response) => {
    handle(options, origin, keyOf, request, response).catch((error: unknown) => {
      console.error(`Preview ${request.method} ${request.url} failed:`, error);
      if (!response.headersSent) refuse(response, 500, 'Internal Server Error');
      else response.end();
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, PREVIEW_EDGE_HOST, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address();
  if (address && typeof address === 'object') origin = previewEdgeOrigin(address.port);
  return {
    origin,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};
