/**
 * The one HTTP server that plays CloudFront: `/api/*` → the API adapter, `/previews/*` → the
 * preview bucket, `/config.json` → the browser's runtime configuration, everything else → the
 * frontend (Vite's middleware in dev, the production build otherwise), with CloudFront's security
 * headers on every response.
 */
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { cdnCaching } from '../../../contract/design/cdn-caching';
import {
  BUNDLE_FILE_PATH_PATTERNS,
  PREVIEW_CONTENT_SECURITY_POLICY,
  securityHeaders,
  siteContentSecurityPolicy,
} from '../../../contract/design/web-security';
import {
  checkSiteConfig,
  DEFAULT_LAUNCH_AT,
  type SiteConfig,
} from '../../../contract/design/site-config';
import { ORIGIN_VERIFY_HEADER } from '../../../contract/design/origin-verify';
import { storageDesign } from '../../../contract/design/storage-design';
import { LOCAL_REGION, type UserPoolIds } from '../emulators/resources';
import {
  chooseEncoding,
  createStaticHandler,
  createViteHandler,
  repositoryRoot,
  type RequestHandler,
  type WebHandler,
} from './web';

export interface EdgeOptions {
  port: number;
  /** `dev`: Vite with hot reload; `dist`: the production build. */
  web: 'dev' | 'dist';
  /** The build `dist` serves; defaults to `frontend/dist`. */
  distDir?: string;
  api: RequestHandler;
  /**
   * The secret origin header's value the edge adds to every `/api/*` request, as CloudFront adds
   * its origin custom header (contract/design/origin-verify.ts); asked per request.
   */
  originVerifyValue: () => string;
  previews: RequestHandler;
  /** The local preview server's origin (preview-edge.ts), which the template page frames. */
  livePreviewsOrigin?: string;
  webConfig: SiteConfig;
  /** The endpoints the browser talks to directly, allowed by the content security policy. */
  endpoints: { cognito: string; filesBucket: string };
}

export interface Edge {
  server: Server;
  /** Closes every connection, the server and the frontend handler. */
  close(): Promise<void>;
}

/** The browser's runtime configuration, served at `/config.json`. */
export const localSiteConfig = (input: {
  userPool: UserPoolIds;
  cognitoEndpoint: string;
  betaAccess: boolean;
  paymentsMode: SiteConfig['paymentsMode'];
}): SiteConfig =>
  checkSiteConfig({
    mode: 'local',
    region: LOCAL_REGION,
    userPoolId: input.userPool.userPoolId,
    userPoolClientId: input.userPool.userPoolClientId,
    userPoolEndpoint: input.cognitoEndpoint,
    apiBaseUrl: '/api',
    betaAccess: input.betaAccess,
    launchAt: process.env.LAUNCH_AT ?? DEFAULT_LAUNCH_AT,
    paymentsMode: input.paymentsMode,
  } satisfies SiteConfig);

/**
 * CloudFront's response headers policies (web-security.ts), with the local endpoints the app
 * talks to. Plain http, so no HSTS (see securityHeaders). The Vite dev server also needs its
 * hot-reload WebSocket and the React plugin's inline fast-refresh preamble; the build needs
 * neither, so `npm start` and the e2e suite run under the production policy.
 */
const edgeHeaders = (options: EdgeOptions) => ({
  site: securityHeaders({
    contentSecurityPolicy: siteContentSecurityPolicy(
      {
        ...options.endpoints,
        ...(options.livePreviewsOrigin ? { livePreviews: options.livePreviewsOrigin } : {}),
      },
      options.web === 'dev'
        ? { connect: [`ws://localhost:${options.port}`], script: ["'unsafe-inline'"] }
        : {},
    ),
    https: false,
  }),
  preview: securityHeaders({
    contentSecurityPolicy: PREVIEW_CONTENT_SECURITY_POLICY,
    https: false,
  }),
});

const serveConfig =
  (webConfig: SiteConfig): RequestHandler =>
  async (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(webConfig));
  };

/** A CloudFront path pattern (`*` any characters, `?` one) as a test of a request's path. */
const pathPattern = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

const compressedApiPaths = cdnCaching.pathPatterns.map(pathPattern);
const bundleFilePaths = BUNDLE_FILE_PATH_PATTERNS.map(pathPattern);

/** CloudFront compresses answers of 1,000 bytes to 10 MB, of text types. */
const COMPRESS_BYTES = { min: 1_000, max: 10_000_000 };

/**
 * The public catalog's cache behaviours (browse and detail, design/cdn-caching.ts) accept gzip and
 * brotli in their cache policy (lib/constructs/web.ts), so CloudFront compresses what they
 * return: a JSON answer of 1,000 bytes or more, brotli or gzip as the browser asks, whether or not
 * it may be cached. The other API paths (caching disabled) pass as API Gateway sends them.
 */
const compressingAnswers =
  (handle: RequestHandler): RequestHandler =>
  async (request, response) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      await handle(request, response);
      return;
    }
    const writeHead = response.writeHead.bind(response);
    const end = response.end.bind(response);
    let head: { status: number; headers: OutgoingHttpHeaders } = { status: 200, headers: {} };
    response.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
      head = { status, headers: headers ?? {} };
      return response;
    }) as typeof response.writeHead;
    response.end = ((body?: Buffer | string) => {
      const raw = body === undefined ? undefined : Buffer.from(body);
      const type = String(head.headers['content-type'] ?? response.getHeader('content-type') ?? '');
      const compress =
        raw !== undefined &&
        /^application\/json|^text\//.test(type) &&
        raw.length >= COMPRESS_BYTES.min &&
        raw.length <= COMPRESS_BYTES.max;
      if (!compress) {
        writeHead(head.status, head.headers);
        return end(raw);
      }
      const packed =
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(raw);
      writeHead(head.status, {
        ...head.headers,
        'content-encoding': encoding,
        'content-length': String(packed.length),
        vary: 'Accept-Encoding',
      });
      return end(request.method === 'HEAD' ? undefined : packed);
    }) as typeof response.end;
    await handle(request, response);
  };

const failRequest = (request: IncomingMessage, response: ServerResponse, error: unknown) => {
  console.error(`${request.method} ${request.url} failed:`, error);
  if (!response.headersSent) {
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Internal Server Error' }));
  } else response.end();
};

/**
 * What CloudFront does to every request it forwards to `/api/*`: drops any
 * `CloudFront-Viewer-Address` the client sent and states the viewer's own address and port
 * (`ip:port`, IPv6 without brackets), so the API's per-client limits key on the viewer locally as in
 * the cloud (lambdas/shared/http/viewer-address.ts).
 */
export const setViewerAddress = (request: IncomingMessage): void => {
  const raw: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index] ?? '';
    if (name.toLowerCase() === 'cloudfront-viewer-address') continue;
    raw.push(name, request.rawHeaders[index + 1] ?? '');
  }
  const address = request.socket.remoteAddress ?? '127.0.0.1';
  const value = `${address}:${request.socket.remotePort ?? 0}`;
  raw.push('CloudFront-Viewer-Address', value);
  request.rawHeaders.splice(0, request.rawHeaders.length, ...raw);
  request.headers['cloudfront-viewer-address'] = value;
};

/**
 * What CloudFront does with its origin custom header: whatever a client sent under that name is
 * replaced by the distribution's value, so the API can tell a request that came through the edge
 * from one sent to it directly (lambdas/shared/http/origin-verify.ts).
 */
export const setOriginHeader = (request: IncomingMessage, value: string): void => {
  const raw: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index] ?? '';
    if (name.toLowerCase() === ORIGIN_VERIFY_HEADER) continue;
    raw.push(name, request.rawHeaders[index + 1] ?? '');
  }
  raw.push(ORIGIN_VERIFY_HEADER, value);
  request.rawHeaders.splice(0, request.rawHeaders.length, ...raw);
  request.headers[ORIGIN_VERIFY_HEADER] = value;
};

const listen = (server: Server, port: number) =>
  new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, 'localhost', () => {
      server.off('error', fail);
      done();
    });
  });

/** Starts the server on `options.port`; resolves once it listens. */
export const startEdge = async (options: EdgeOptions): Promise<Edge> => {
  const headers = edgeHeaders(options);
  const config = serveConfig(options.webConfig);
  const publicApi = compressingAnswers(options.api);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const isPreview = path.startsWith(`/${storageDesign.previewPrefix}`);
    const previewHeaders = isPreview || bundleFilePaths.some((pattern) => pattern.test(path));
    for (const [name, value] of Object.entries(previewHeaders ? headers.preview : headers.site))
      response.setHeader(name, value);
    let handle: RequestHandler;
    if (path === '/api' || path.startsWith('/api/')) {
      setViewerAddress(request);
      setOriginHeader(request, options.originVerifyValue());
      handle = compressedApiPaths.some((pattern) => pattern.test(path)) ? publicApi : options.api;
    } else if (isPreview) handle = options.previews;
    else if (path === '/config.json') handle = config;
    else handle = web.handle;
    handle(request, response).catch((error: unknown) => failRequest(request, response, error));
  });
  // Requests arrive only after listen(), when `web` is set.
  const web: WebHandler =
    options.web === 'dev'
      ? await createViteHandler(server)
      : {
          handle: createStaticHandler(options.distDir ?? join(repositoryRoot, 'frontend', 'dist')),
          close: async () => undefined,
        };
  await listen(server, options.port);
  return {
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await web.close();
    },
  };
};
