/**
 * Git smart HTTP at `<gitUrl>/<owner>/<name>.git`, served by git's own CGI, `git http-backend`.
 * Basic auth as GitHub takes it: any user name (or `x-access-token`) with a token as password;
 * public repositories clone without it, pushes and private repositories need it (401 with a
 * Basic challenge, so git asks its credential helper). After a push, each updated ref is
 * delivered to the repository's webhooks as a `push` event.
 */
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { canRead, canWrite, principalOfToken, type Principal } from './auth';
import { findRepo, type Context } from './context';
import { DEPLOY_KEY_USER, verifyDeployKeyPassword } from '../deploy-key-proof';
import { listDeployKeys } from './deploy-keys';
import { gitText, listRefs, ZERO_SHA } from './git';
import type { StoredRepo } from './store';
import { isoSeconds } from './http';

let backend: string | undefined;

/** `/usr/lib/git-core/git-http-backend`, found through `git --exec-path`. */
const backendPath = async () => {
  backend ??= join((await gitText('.', ['--exec-path'])).trim(), 'git-http-backend');
  return backend;
};

const sendText = (
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
};

/** The password of `deploy-key` Basic credentials, else undefined. */
const deployKeyPassword = (authorization: string | undefined): string | undefined => {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return decoded.slice(0, colon) === DEPLOY_KEY_USER ? decoded.slice(colon + 1) : undefined;
};

const basicPrincipal = (ctx: Context, authorization: string | undefined): Principal | 'bad' => {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return { kind: 'anonymous' };
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return principalOfToken(ctx, password) ?? 'bad';
};

/** Runs `git http-backend` for one request and streams its answer; its exit code, or false when it answered nothing. */
const serveBackend = async (
  ctx: Context,
  repo: StoredRepo,
  rest: string,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  remoteUser: string,
): Promise<number | null | false> => {
  const child = spawn(await backendPath(), [], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_PROJECT_ROOT: ctx.reposDir,
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_HTTP_MAX_REQUEST_BUFFER: '100M',
      PATH_INFO: `/${repo.owner}/${repo.name}.git${rest}`,
      REQUEST_METHOD: request.method ?? 'GET',
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      ...(request.headers['content-length']
        ? { CONTENT_LENGTH: request.headers['content-length'] }
        : {}),
      ...(request.headers['content-encoding']
        ? { HTTP_CONTENT_ENCODING: request.headers['content-encoding'] }
        : {}),
      ...(request.headers['git-protocol']
        ? { GIT_PROTOCOL: String(request.headers['git-protocol']) }
        : {}),
      REMOTE_USER: remoteUser,
      REMOTE_ADDR: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  request.pipe(child.stdin);
  child.stdin.on('error', () => undefined);
  child.stderr.on('data', () => undefined);
  // The CGI answer: headers up to a blank line, then the body, streamed.
  let head = Buffer.alloc(0);
  let started = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (started) {
      response.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const crlf = head.indexOf('\r\n\r\n');
    const lf = head.indexOf('\n\n');
    const end = crlf !== -1 && (lf === -1 || crlf < lf) ? crlf : lf;
    if (end === -1) return;
    const separator = end === crlf ? 4 : 2;
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon === -1) continue;
      const key = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (key.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
      else headers[key] = value;
    }
    response.writeHead(status, headers);
    started = true;
    const body = head.subarray(end + separator);
    if (body.length > 0) response.write(body);
  });
  const exitCode = await new Promise<number | null>((done) => child.on('close', done));
  if (!started) sendText(response, 500, 'git http-backend failed\n');
  return started ? exitCode : false;
};

/** One request for a repository path, its owner and name as they came in the URL. */
interface GitRequest {
  ctx: Context;
  owner: string;
  name: string;
  /** What follows the repository: `/info/refs`, `/git-upload-pack`, `/git-receive-pack`, `/HEAD`. */
  rest: string;
  pushing: boolean;
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
}

const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="GitHub"' };

/** A deploy key reads the one repository it was added to, and never pushes. */
const serveDeployKeyRequest = async (git: GitRequest, deployKey: string) => {
  const { ctx, response } = git;
  const repo = findRepo(ctx, decodeURIComponent(git.owner), decodeURIComponent(git.name));
  const keys = repo ? listDeployKeys(ctx, repo).map((key) => key.key) : [];
  if (!repo || !verifyDeployKeyPassword(deployKey, `${repo.owner}/${repo.name}`, keys)) {
    sendText(response, 401, 'Invalid deploy key.\n', BASIC_CHALLENGE);
    return;
  }
  if (git.pushing) {
    sendText(response, 403, `Permission to ${repo.owner}/${repo.name}.git denied to deploy key.\n`);
    return;
  }
  await serveBackend(ctx, repo, git.rest, git.request, response, git.url, 'deploy-key');
  if (!response.writableEnded) response.end();
};

/** The repository a principal may read (and push to, when pushing); undefined once refused. */
const authorizedRepo = (git: GitRequest, principal: Principal): StoredRepo | undefined => {
  const { ctx, response } = git;
  const repo = findRepo(ctx, decodeURIComponent(git.owner), decodeURIComponent(git.name));
  if (!repo || !canRead(principal, repo) || (git.pushing && principal.kind === 'anonymous')) {
    if (principal.kind === 'anonymous')
      sendText(response, 401, 'Authentication required\n', BASIC_CHALLENGE);
    else sendText(response, 404, 'Repository not found.\n');
    return undefined;
  }
  if (git.pushing && !canWrite(principal, repo)) {
    const who = principal.kind === 'user' ? principal.user.login : 'this token';
    sendText(response, 403, `Permission to ${repo.owner}/${repo.name}.git denied to ${who}.\n`);
    return undefined;
  }
  return repo;
};

/** Delivers a `push` for the refs a push changed (none when it changed nothing). */
const deliverPush = async (
  ctx: Context,
  repo: StoredRepo,
  dir: string,
  before: Map<string, string>,
  principal: Principal,
) => {
  const after = await listRefs(dir);
  const updates = [...new Set([...before.keys(), ...after.keys()])]
    .map((ref) => ({
      ref,
      before: before.get(ref) ?? ZERO_SHA,
      after: after.get(ref) ?? ZERO_SHA,
    }))
    .filter((update) => update.before !== update.after);
  if (updates.length === 0) return;
  repo.pushed_at = isoSeconds();
  ctx.store.changed();
  await ctx.webhooks.push(ctx, repo, updates, principal).catch((error: unknown) => {
    console.error('Local GitHub: push webhooks failed:', error);
  });
};

/** Serves a user's or an installation's token (or no credentials at all). */
const serveTokenRequest = async (git: GitRequest) => {
  const { ctx, response } = git;
  const principal = basicPrincipal(ctx, git.request.headers.authorization);
  if (principal === 'bad') {
    sendText(
      response,
      401,
      'Invalid username or token. Password authentication is not supported for Git operations.\n',
      BASIC_CHALLENGE,
    );
    return;
  }
  const repo = authorizedRepo(git, principal);
  if (!repo) return;
  const dir = join(ctx.reposDir, repo.owner, `${repo.name}.git`);
  const before = git.pushing && git.rest === '/git-receive-pack' ? await listRefs(dir) : undefined;
  const exitCode = await serveBackend(
    ctx,
    repo,
    git.rest,
    git.request,
    response,
    git.url,
    principal.kind === 'user'
      ? principal.user.login
      : principal.kind === 'installation'
        ? 'x-access-token'
        : '',
  );
  if (exitCode === false) return;
  // The deliveries are queued before the response ends, so once `git push` returns they exist
  // (the control API's waitForDeliveries then covers them).
  if (before && exitCode === 0) await deliverPush(ctx, repo, dir, before, principal);
  response.end();
};

/** Handles `<gitUrl>/…` (`path` is what follows `/git`); false when it is no repository path. */
export const handleGitRequest = async (
  ctx: Context,
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> => {
  const match =
    /^\/([^/]+)\/([^/]+?)(?:\.git)?(\/(?:info\/refs|git-upload-pack|git-receive-pack|HEAD))$/.exec(
      path,
    );
  if (!match) return false;
  const [, owner, name, rest] = match as unknown as [string, string, string, string];
  const service = rest === '/info/refs' ? url.searchParams.get('service') : rest.slice(1);
  const git: GitRequest = {
    ctx,
    owner,
    name,
    rest,
    pushing: service === 'git-receive-pack',
    request,
    response,
    url,
  };
  const deployKey = deployKeyPassword(request.headers.authorization);
  if (deployKey !== undefined) await serveDeployKeyRequest(git, deployKey);
  else await serveTokenRequest(git);
  return true;
};
