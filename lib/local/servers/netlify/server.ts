/**
 * The HTTP front of the local Netlify server: `/api/v1/…` as Netlify's API (Bearer token, JSON,
 * `{ code, message }` errors), the OAuth pages and token endpoint, GitHub's push hook
 * (`/hooks/github`, hooks.ts), the served sites
 * (`/sites/<name>/…`, `/deploys/<id>/…`), the site admin pages (`/app/sites/<name>`) and the
 * control API (`/_local/…`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { handleAdminPage } from './admin';
import { handleApiRequest } from './api';
import type { Builder } from './builds';
import { handleControlRequest, type ControlOperations } from './control';
import { handleGithubHook } from './hooks';
import { NetlifyApiError, notFound, readJsonObject, sendEmpty, sendJson, apiError } from './http';
import { accountOfToken, handleAuthorize, handleToken } from './oauth';
import type { ObjectContext } from './objects';
import { notFoundPage, serveDeploy } from './serve';
import type { Store } from './store';

export interface NetlifyServerOptions {
  store: Store;
  builder: Builder;
  control: ControlOperations;
  /** The server's own URL, known once it listens. */
  endpoint: () => string;
}

const API_PREFIX = '/api/v1';

/** The Bearer token (or `access_token` query parameter, which Netlify also takes). */
const tokenOf = (request: IncomingMessage, url: URL) =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ??
  url.searchParams.get('access_token') ??
  undefined;

/** `/sites/<name>/…` (the published deploy) or `/deploys/<id>/…` (a ready deploy's permalink). */
const handleSite = async (
  { store, builder }: Pick<NetlifyServerOptions, 'store' | 'builder'>,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) => {
  const match = /^\/(sites|deploys)\/([^/]+)(\/.*)?$/.exec(url.pathname)!;
  const [, kind, key, rest = ''] = match;
  const base = `/${kind}/${key}`;
  let deploy;
  if (kind === 'sites') {
    const site = Object.values(store.state.sites).find((candidate) => candidate.name === key);
    if (!site) return notFoundPage(response, 'Site not found');
    deploy = site.published_deploy_id ? store.state.deploys[site.published_deploy_id] : undefined;
    if (!deploy) return notFoundPage(response, 'This site has not been deployed yet');
  } else {
    deploy = store.state.deploys[key!];
    if (!deploy || deploy.state !== 'ready') return notFoundPage(response, 'Deploy not found');
  }
  const site = store.state.sites[deploy.site_id];
  if (!site) return notFoundPage(response, 'Site not found');
  await serveDeploy(
    request,
    response,
    builder.deployDir(site.name, deploy.id),
    base,
    rest,
    url.search,
  );
};

export const createNetlifyServer = (options: NetlifyServerOptions): Server => {
  const { store, builder } = options;
  const objects = (): ObjectContext & { store: Store } => ({
    store,
    state: store.state,
    endpoint: options.endpoint(),
  });

  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const token = tokenOf(request, url);
    const account = token ? accountOfToken(store, token) : undefined;
    // Netlify answers every unauthenticated API call so, whatever the route.
    if (!account) throw apiError(401, 'Access Denied');
    const result = await handleApiRequest(
      { ...objects(), builder, account },
      request.method ?? 'GET',
      url.pathname.slice(API_PREFIX.length),
      url.searchParams,
      () => readJsonObject(request),
    );
    if (!result) throw notFound();
    if (result.body === undefined) return sendEmpty(response, result.status);
    sendJson(response, result.status, result.body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    try {
      if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`))
        return await handleApi(request, response, url);
      if (path === '/authorize') return await handleAuthorize(store, request, response, url);
      if (path === '/oauth/token') return await handleToken(store, request, response);
      if (path === '/hooks/github')
        return await handleGithubHook(store, builder, request, response);
      if (/^\/(sites|deploys)\/[^/]+(\/.*)?$/.test(path))
        return await handleSite(options, request, response, url);
      const admin = /^\/app\/sites\/([^/]+)\/?$/.exec(path);
      if (admin) return handleAdminPage(objects(), decodeURIComponent(admin[1]!), response);
      if (path.startsWith('/_local/')) {
        if (await handleControlRequest(objects(), options.control, request, response, url)) return;
      }
      throw notFound();
    } catch (error) {
      if (error instanceof URIError) return sendJson(response, 404, notFound().body);
      if (!(error instanceof NetlifyApiError)) throw error;
      sendJson(response, error.status, error.body);
    }
  };

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(
        `Local Netlify: ${request.method} ${request.url?.split('?')[0]} failed:`,
        error,
      );
      if (!response.headersSent) {
        sendJson(response, 500, { code: 500, message: 'The local Netlify server failed.' });
      } else response.end();
    });
  });
};
