/**
 * GitHub's REST API routes the product calls (and nothing else: any other path is GitHub's 404).
 * Each route is `METHOD /path/{param}`; parameters are matched on the raw path and then decoded,
 * since Octokit percent-encodes `/` inside `{ref}` and `{path}`.
 */
import { requireApp, requireUser, type Principal } from './auth';
import type { Context } from './context';
import { createDeployKey, deployKeyObject, findDeployKey, listDeployKeys } from './deploy-keys';
import { GithubApiError, isoSeconds, notFound, randomAlphanumeric } from './http';
import { installationObject, privateUser, repositoryObject } from './objects';
import { compareCommits, listCommits, zipballCommit } from './commits';
import { putContents } from './contents';
import {
  createBlob,
  createCommit,
  createRef,
  createTree,
  getBlob,
  getGitCommit,
  getRef,
  getTree,
  updateRefApi,
} from './git-database';
import { createHook, findHook, listHooks } from './hooks';
import { createPull, getPull, listPullFiles, listPulls } from './pulls';
import { createRepository, readableRepo, requireWrite, writableRepo } from './repos';

export interface ApiRequest {
  principal: Principal;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export type ApiResult =
  { status: number; body: unknown; headers?: Record<string, string> } | { redirect: string };

type Handler = (ctx: Context, request: ApiRequest) => Promise<ApiResult> | ApiResult;

const ok = (body: unknown, status = 200): ApiResult => ({ status, body });

const repoOf = (ctx: Context, request: ApiRequest) =>
  readableRepo(ctx, request.principal, request.params.owner!, request.params.repo!);
const writable = (ctx: Context, request: ApiRequest) =>
  writableRepo(ctx, request.principal, request.params.owner!, request.params.repo!);

const INSTALLATION_TOKEN_TTL_MS = 60 * 60 * 1000;

const installationOf = (ctx: Context, request: ApiRequest) => {
  requireApp(request.principal);
  if (!ctx.state.app) throw notFound();
  const installation = ctx.state.installations[request.params.id!];
  if (!installation) throw notFound();
  return installation;
};

const pageLink = (url: string, page: number, more: boolean, query: URLSearchParams) => {
  if (!more && page === 1) return undefined;
  const link = (to: number, rel: string) => {
    const next = new URLSearchParams(query);
    next.set('page', String(to));
    return `<${url}?${next.toString()}>; rel="${rel}"`;
  };
  return [more ? link(page + 1, 'next') : undefined, page > 1 ? link(page - 1, 'prev') : undefined]
    .filter(Boolean)
    .join(', ');
};

const ROUTES: [string, Handler][] = [
  ['GET /user', (ctx, { principal }) => ok(privateUser(ctx, requireUser(principal)))],
  [
    // The installations of the app a user may reach (with a user-to-server token): here, those on
    // the user's own account (no organisations locally).
    'GET /user/installations',
    (ctx, { principal }) => {
      const user = requireUser(principal);
      const installations = Object.values(ctx.state.installations)
        .filter((installation) => installation.account === user.login)
        .map((installation) => installationObject(ctx, installation));
      return ok({ total_count: installations.length, installations });
    },
  ],
  [
    'POST /user/repos',
    async (ctx, { principal, body }) => ok(await createRepository(ctx, principal, body), 201),
  ],
  [
    'GET /repos/{owner}/{repo}',
    (ctx, request) => ok(repositoryObject(ctx, repoOf(ctx, request), true)),
  ],
  [
    'PUT /repos/{owner}/{repo}/contents/{+path}',
    async (ctx, request) => {
      const { status, body } = await putContents(
        ctx,
        request.principal,
        writable(ctx, request),
        request.params.path!,
        request.body,
      );
      return ok(body, status);
    },
  ],
  [
    'POST /repos/{owner}/{repo}/git/blobs',
    async (ctx, request) => ok(await createBlob(ctx, writable(ctx, request), request.body), 201),
  ],
  [
    'GET /repos/{owner}/{repo}/git/blobs/{sha}',
    async (ctx, request) => ok(await getBlob(ctx, repoOf(ctx, request), request.params.sha!)),
  ],
  [
    'POST /repos/{owner}/{repo}/git/trees',
    async (ctx, request) => ok(await createTree(ctx, writable(ctx, request), request.body), 201),
  ],
  [
    'GET /repos/{owner}/{repo}/git/trees/{sha}',
    async (ctx, request) =>
      ok(
        await getTree(
          ctx,
          repoOf(ctx, request),
          request.params.sha!,
          ['1', 'true'].includes(request.query.get('recursive') ?? ''),
        ),
      ),
  ],
  [
    'POST /repos/{owner}/{repo}/git/commits',
    async (ctx, request) =>
      ok(await createCommit(ctx, request.principal, writable(ctx, request), request.body), 201),
  ],
  [
    'GET /repos/{owner}/{repo}/git/commits/{sha}',
    async (ctx, request) => ok(await getGitCommit(ctx, repoOf(ctx, request), request.params.sha!)),
  ],
  [
    'GET /repos/{owner}/{repo}/git/ref/{+ref}',
    async (ctx, request) => ok(await getRef(ctx, repoOf(ctx, request), request.params.ref!)),
  ],
  [
    'GET /repos/{owner}/{repo}/git/refs/{+ref}',
    async (ctx, request) => ok(await getRef(ctx, repoOf(ctx, request), request.params.ref!)),
  ],
  [
    'POST /repos/{owner}/{repo}/git/refs',
    async (ctx, request) =>
      ok(await createRef(ctx, request.principal, writable(ctx, request), request.body), 201),
  ],
  [
    'PATCH /repos/{owner}/{repo}/git/refs/{+ref}',
    async (ctx, request) =>
      ok(
        await updateRefApi(
          ctx,
          request.principal,
          writable(ctx, request),
          request.params.ref!,
          request.body,
        ),
      ),
  ],
  [
    'GET /repos/{owner}/{repo}/commits',
    async (ctx, request) => {
      const repo = repoOf(ctx, request);
      const { commits, more, page } = await listCommits(ctx, repo, request.query);
      const link = pageLink(
        `${ctx.endpoint}/repos/${repo.owner}/${repo.name}/commits`,
        page,
        more,
        request.query,
      );
      return { status: 200, body: commits, ...(link ? { headers: { link } } : {}) };
    },
  ],
  [
    'GET /repos/{owner}/{repo}/compare/{+basehead}',
    async (ctx, request) =>
      ok(await compareCommits(ctx, repoOf(ctx, request), request.params.basehead!)),
  ],
  ['GET /repos/{owner}/{repo}/zipball', (ctx, request) => zipball(ctx, request)],
  ['GET /repos/{owner}/{repo}/zipball/{+ref}', (ctx, request) => zipball(ctx, request)],
  [
    'POST /repos/{owner}/{repo}/pulls',
    async (ctx, request) =>
      ok(await createPull(ctx, request.principal, writable(ctx, request), request.body), 201),
  ],
  [
    'GET /repos/{owner}/{repo}/pulls',
    async (ctx, request) => ok(await listPulls(ctx, repoOf(ctx, request), request.query)),
  ],
  [
    'GET /repos/{owner}/{repo}/pulls/{number}',
    async (ctx, request) =>
      ok(await getPull(ctx, repoOf(ctx, request), Number(request.params.number))),
  ],
  [
    'GET /repos/{owner}/{repo}/pulls/{number}/files',
    async (ctx, request) =>
      ok(await listPullFiles(ctx, repoOf(ctx, request), Number(request.params.number))),
  ],
  [
    'POST /repos/{owner}/{repo}/hooks',
    (ctx, request) => {
      const repo = repoOf(ctx, request);
      requireWrite(request.principal, repo);
      return ok(createHook(ctx, repo, request.body), 201);
    },
  ],
  [
    'GET /repos/{owner}/{repo}/hooks',
    (ctx, request) => {
      const repo = repoOf(ctx, request);
      requireWrite(request.principal, repo);
      return ok(listHooks(ctx, repo));
    },
  ],
  [
    'GET /repos/{owner}/{repo}/hooks/{id}',
    (ctx, request) => {
      const repo = repoOf(ctx, request);
      requireWrite(request.principal, repo);
      const hook = findHook(ctx, repo, request.params.id!);
      return ok(listHooks(ctx, repo).find((candidate) => candidate.id === hook.id));
    },
  ],
  [
    'DELETE /repos/{owner}/{repo}/hooks/{id}',
    (ctx, request) => {
      const repo = repoOf(ctx, request);
      requireWrite(request.principal, repo);
      const hook = findHook(ctx, repo, request.params.id!);
      delete ctx.state.hooks[String(hook.id)];
      ctx.store.changed();
      return ok(null, 204);
    },
  ],
  [
    'POST /repos/{owner}/{repo}/keys',
    (ctx, request) => {
      const repo = repoOf(ctx, request);
      requireWrite(request.principal, repo);
      const addedBy = request.principal.kind === 'user' ? request.principal.user.login : null;
      return ok(deployKeyObject(ctx, createDeployKey(ctx, repo, request.body, addedBy)), 201);
    },
  ],
  [
    'GET /repos/{owner}/{repo}/keys',
    (ctx, request) => {
      const repo = repoOf(ctx, request);
      requireWrite(request.principal, repo);
      return ok(listDeployKeys(ctx, repo).map((key) => deployKeyObject(ctx, key)));
    },
  ],
  [
    'GET /repos/{owner}/{repo}/keys/{id}',
    (ctx, request) => {
      const repo = repoOf(ctx, request);
      requireWrite(request.principal, repo);
      return ok(deployKeyObject(ctx, findDeployKey(ctx, repo, request.params.id!)));
    },
  ],
  [
    'DELETE /repos/{owner}/{repo}/keys/{id}',
    (ctx, request) => {
      const repo = repoOf(ctx, request);
      requireWrite(request.principal, repo);
      const key = findDeployKey(ctx, repo, request.params.id!);
      delete ctx.state.deployKeys[String(key.id)];
      ctx.store.changed();
      return ok(null, 204);
    },
  ],
  [
    'GET /app/installations/{id}',
    (ctx, request) => ok(installationObject(ctx, installationOf(ctx, request))),
  ],
  [
    'POST /app/installations/{id}/access_tokens',
    (ctx, request) => {
      const installation = installationOf(ctx, request);
      const token = `ghs_${randomAlphanumeric(36)}`;
      const expiresAt = isoSeconds(Date.now() + INSTALLATION_TOKEN_TTL_MS);
      ctx.state.tokens[token] = {
        kind: 'installation',
        installation: installation.id,
        expires_at: expiresAt,
      };
      ctx.store.changed();
      return ok(
        {
          token,
          expires_at: expiresAt,
          permissions: ctx.state.app!.permissions,
          repository_selection: 'all',
        },
        201,
      );
    },
  ],
  [
    'GET /installation/repositories',
    (ctx, { principal }) => {
      if (principal.kind !== 'installation')
        throw new GithubApiError(
          403,
          'You must authenticate with an installation access token in order to list repositories for an installation.',
        );
      const account = principal.installation.account.toLowerCase();
      const repositories = Object.values(ctx.state.repos)
        .filter((repo) => repo.owner.toLowerCase() === account)
        .map((repo) => repositoryObject(ctx, repo, false));
      return ok({ total_count: repositories.length, repository_selection: 'all', repositories });
    },
  ],
];

const zipball = async (ctx: Context, request: ApiRequest): Promise<ApiResult> => {
  const repo = repoOf(ctx, request);
  const sha = await zipballCommit(ctx, repo, request.params.ref);
  const token = randomAlphanumeric(24);
  ctx.downloads.set(token, {
    repo: `${repo.owner}/${repo.name}`.toLowerCase(),
    sha,
    expires: Date.now() + 5 * 60 * 1000,
  });
  return {
    redirect: `${ctx.endpoint}/_codeload/${repo.owner}/${repo.name}/legacy.zip/${sha}?token=${token}`,
  };
};

/** `GET /repos/{owner}/{repo}` → a regex with named groups; `{+x}` takes the rest of the path. */
const compiled = ROUTES.map(([route, handler]) => {
  const [method, template] = route.split(' ') as [string, string];
  const names: string[] = [];
  const pattern = template.replace(/\{(\+?)(\w+)\}/g, (_match, rest: string, name: string) => {
    names.push(name);
    return rest ? '(.+)' : '([^/]+)';
  });
  return { method, regex: new RegExp(`^${pattern}/?$`), names, handler };
});

/** Finds the route; undefined when GitHub has no such endpoint here. */
export const matchApiRoute = (method: string, path: string) => {
  for (const route of compiled) {
    if (route.method !== method) continue;
    const match = route.regex.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(
      route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
    );
    return { handler: route.handler, params };
  }
  return undefined;
};
