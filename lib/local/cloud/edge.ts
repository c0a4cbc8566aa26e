/**
 * The one HTTP server that plays CloudFront: `/api/*` → the API adapter, `/previews/*` → the
 * preview bucket, `/config.json` → the browser's runtime configuration, everything else → the
 * frontend (Vite's middleware in dev, the production build otherwise), with CloudFront's security
 * headers on every response.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  PREVIEW_CONTENT_SECURITY_POLICY,
  securityHeaders,
  siteContentSecurityPolicy,
} from '../../../contract/design/web-security';
import {
  checkSiteConfig,
  DEFAULT_LAUNCH_AT,
  type SiteConfig,
} from '../../../contract/design/site-config';
import { storageDesign } from '../../../contract/design/storage-design';
import { LOCAL_REGION, type UserPoolIds } from '../emulators/resources';
import {
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
  previews: RequestHandler;
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
      options.endpoints,
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
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const isPreview = path.startsWith(`/${storageDesign.previewPrefix}`);
    for (const [name, value] of Object.entries(isPreview ? headers.preview : headers.site))
      response.setHeader(name, value);
    let handle: RequestHandler;
    if (path === '/api' || path.startsWith('/api/')) {
      setViewerAddress(request);
      handle = options.api;
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
