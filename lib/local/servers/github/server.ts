/**
 * The HTTP front of the local GitHub server: the REST API (api.ts; Octokit's `baseUrl` is the
 * server's root, like a GitHub Enterprise host), the OAuth and installation pages and the token
 * exchange (pages.ts), git smart HTTP under `/git` (git-http.ts), zipball downloads under
 * `/_codeload` (codeload.github.com's part), and the control API under `/_local` (control.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { matchApiRoute } from './api';
import { authenticate } from './auth';
import type { Context } from './context';
import { handleControlRequest, type ControlHooks } from './control';
import { gitStream } from './git';
import { handleGitRequest } from './git-http';
import { GithubApiError, readParams, redirect, sendJson } from './http';
import { handleAccessToken, handleAuthorizePage, handleInstallPage } from './pages';
import { handleRepoPage, repoPagePath } from './repo-page';
import { createsContent } from './secondary-limit';

const RATE_HEADERS = {
  'x-ratelimit-limit': '5000',
  'x-ratelimit-remaining': '4999',
  'x-ratelimit-used': '1',
  'x-ratelimit-resource': 'core',
};

const handleApi = async (
  ctx: Context,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) => {
  const method = request.method ?? 'GET';
  const route = matchApiRoute(method, url.pathname);
  if (!route) throw new GithubApiError(404, 'Not Found');
  const principal = authenticate(ctx, request.headers.authorization);
  if (principal.kind !== 'anonymous' && createsContent(method, url.pathname))
    ctx.secondaryLimit.admit('token' in principal ? principal.token : principal.kind);
  const body = ['POST', 'PUT', 'PATCH'].includes(method) ? await readParams(request) : {};
  const result = await route.handler(ctx, {
    principal,
    params: route.params,
    query: url.searchParams,
    body,
  });
  for (const [key, value] of Object.entries(RATE_HEADERS)) response.setHeader(key, value);
  if ('redirect' in result) return redirect(response, result.redirect);
  for (const [key, value] of Object.entries(result.headers ?? {})) response.setHeader(key, value);
  sendJson(response, result.status, result.body);
};

const handleCodeload = (ctx: Context, response: ServerResponse, url: URL) => {
  const match = /^\/_codeload\/([^/]+)\/([^/]+)\/legacy\.zip\/([0-9a-f]{40})$/.exec(url.pathname);
  const token = url.searchParams.get('token') ?? '';
  const download = ctx.downloads.get(token);
  if (!match || !download || download.expires < Date.now() || download.sha !== match[3]) {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('404: Not Found');
    return;
  }
  const repo = ctx.state.repos[download.repo]!;
  const folder = `${repo.owner}-${repo.name}-${download.sha.slice(0, 7)}`;
  response.writeHead(200, {
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename=${folder}.zip`,
  });
  gitStream(`${ctx.reposDir}/${repo.owner}/${repo.name}.git`, [
    'archive',
    '--format=zip',
    `--prefix=${folder}/`,
    download.sha,
  ]).pipe(response);
};

export const createGithubServer = (context: () => Context, control: ControlHooks): Server => {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const ctx = context();
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    try {
      if (path === '/git' || path.startsWith('/git/')) {
        if (await handleGitRequest(ctx, path.slice(4), request, response, url)) return;
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('Not Found\n');
        return;
      }
      if (path.startsWith('/_codeload/')) return handleCodeload(ctx, response, url);
      if (path === '/login/oauth/authorize')
        return await handleAuthorizePage(ctx, request, response, url);
      if (path === '/login/oauth/access_token' && request.method === 'POST')
        return await handleAccessToken(ctx, request, response, url);
      const install = /^\/apps\/([^/]+)\/installations\/new$/.exec(path);
      if (install)
        return await handleInstallPage(
          ctx,
          decodeURIComponent(install[1]!),
          request,
          response,
          url,
        );
      const repoPage = request.method === 'GET' ? repoPagePath(path) : undefined;
      if (repoPage) return await handleRepoPage(ctx, response, repoPage);
      if (path.startsWith('/_local/')) {
        if (await handleControlRequest(ctx, control, request, response, url)) return;
        throw new GithubApiError(404, 'Not Found');
      }
      await handleApi(ctx, request, response, url);
    } catch (error) {
      if (!(error instanceof GithubApiError)) throw error;
      // Drain what the client still sends, so it reads the answer instead of a reset.
      if (!request.readableEnded) await readParams(request).catch(() => undefined);
      for (const [key, value] of Object.entries(error.headers)) response.setHeader(key, value);
      sendJson(response, error.status, error.body);
    }
  };
  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(`Local GitHub: ${request.method} ${request.url} failed:`, error);
      if (!response.headersSent)
        sendJson(response, 500, { message: 'Server Error', status: '500' });
      else response.end();
    });
  });
};
