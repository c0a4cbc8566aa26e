/**
 * The control API: not GitHub's, for tests, the seed and demos. JSON in and out, under `/_local`.
 * POSTs must be `Content-Type: application/json` (so a web page cannot send them cross-site
 * without a CORS preflight, which this server never grants).
 *
 *   POST /_local/reset                       → { reset: true }  (users, tokens, repositories,
 *                                              hooks, deliveries gone; the configured apps stay)
 *   POST /_local/users                       { login, name?, email?, avatar_url? } → private-user
 *                                              (the existing user when the login is taken)
 *   POST /_local/users/{login}/tokens        { scopes?: string[] } → { token }  (`gho_…`)
 *   POST /_local/oauth-app                   { client_id, client_secret, callback_url? }
 *   POST /_local/app                         { id, slug, name?, public_key, setup_url?, client_id?,
 *                                              client_secret?, permissions?, events? }
 *   POST /_local/installations               { account } → installation  (as the install page)
 *   GET  /_local/deliveries?repo=o/r&event=  → { deliveries: Delivery[] }  oldest first, payload parsed
 *   POST /_local/deliveries/{id}/redeliver   → Delivery  (same guid: X-GitHub-Delivery)
 *   POST /_local/deliveries/idle             { timeoutMs?: 10000 } → { idle }
 *   GET  /_local/repos/{owner}/{repo}/files?ref=  → { sha, files: { [path]: base64 } }
 *   GET  /_local/secondary-limit             → { settings, usage: { admitted, refused } }
 *   POST /_local/secondary-limit             { enabled?, per_minute?, per_hour?, minute_ms?,
 *                                              hour_ms?, status?: 403 | 429 } → the same
 *                                              (GitHub's limit on content-creating requests,
 *                                              secondary-limit.ts; reset restores the start's)
 */
import { createPublicKey } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findRepo, repoDir, type Context } from './context';
import { git, isEmptyRepository, listTree, resolveCommit } from './git';
import { GithubApiError, isoSeconds, notFound, readParams, sendJson } from './http';
import { installationObject, privateUser } from './objects';
import { installApp, issueUserToken } from './pages';
import type { GithubAppConfig, StoredDelivery } from './store';

type Body = Record<string, unknown>;

const DEFAULT_PERMISSIONS = {
  contents: 'write',
  metadata: 'read',
  pull_requests: 'write',
  administration: 'write',
};

const string = (body: Body, name: string, required = true): string | undefined => {
  const value = body[name];
  if (value === undefined || value === null || value === '') {
    if (required) throw new GithubApiError(422, `${name} is required.`);
    return undefined;
  }
  if (typeof value !== 'string') throw new GithubApiError(422, `${name} must be a string.`);
  return value;
};

/** An app configuration from the control API's snake_case body. */
export const appConfigOf = (body: Body): GithubAppConfig => {
  const id = Number(body.id);
  if (!Number.isInteger(id) || id <= 0)
    throw new GithubApiError(422, 'id must be a positive integer.');
  const slug = string(body, 'slug')!;
  const publicKey = string(body, 'public_key')!;
  try {
    createPublicKey(publicKey);
  } catch (_error) {
    throw new GithubApiError(422, 'public_key must be a PEM public key.');
  }
  return {
    id,
    slug,
    name: string(body, 'name', false) ?? slug,
    publicKey,
    ...(string(body, 'setup_url', false) ? { setupUrl: string(body, 'setup_url')! } : {}),
    ...(string(body, 'client_id', false) ? { clientId: string(body, 'client_id')! } : {}),
    ...(string(body, 'client_secret', false)
      ? { clientSecret: string(body, 'client_secret')! }
      : {}),
    permissions: (body.permissions as Record<string, string> | undefined) ?? DEFAULT_PERMISSIONS,
    events: (body.events as string[] | undefined) ?? ['push'],
  };
};

export const deliveryView = (delivery: StoredDelivery) => ({
  id: delivery.id,
  guid: delivery.guid,
  hook_id: delivery.hook,
  repository: delivery.repo,
  event: delivery.event,
  redelivery: delivery.redelivery,
  delivered_at: delivery.delivered_at,
  status_code: delivery.status_code,
  status: delivery.status,
  duration: delivery.duration,
  payload: JSON.parse(delivery.payload) as unknown,
});

export interface ControlHooks {
  /** Empties the state and the repositories; configuration from the options comes back. */
  reset(): Promise<void>;
}

/** One control request, parsed once and handed to each route group. */
interface ControlRequest {
  ctx: Context;
  method: string;
  path: string;
  body: Body;
  url: URL;
  send: (value: unknown) => void;
}

/** The login rule GitHub applies to user names. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/** Creates the user unless the login is taken (case-insensitively); either way, returns it. */
const ensureUser = (ctx: Context, body: Body) => {
  const login = string(body, 'login')!;
  if (!LOGIN.test(login))
    throw new GithubApiError(
      422,
      'login may only contain alphanumeric characters or single hyphens.',
    );
  const key = login.toLowerCase();
  if (!ctx.state.users[key]) {
    const id = ctx.store.nextId();
    ctx.state.users[key] = {
      id,
      login,
      name: string(body, 'name', false) ?? null,
      email: string(body, 'email', false) ?? null,
      avatar_url: string(body, 'avatar_url', false) ?? `${ctx.endpoint}/avatars/u/${id}`,
      created_at: isoSeconds(),
    };
    ctx.store.changed();
  }
  return ctx.state.users[key];
};

/** Users, their tokens, the OAuth app, the GitHub App and its installations. */
const handleAccountRoutes = ({ ctx, method, path, body, send }: ControlRequest): boolean => {
  let match: RegExpExecArray | null;
  if (method === 'POST' && path === '/users') {
    send(privateUser(ctx, ensureUser(ctx, body)));
  } else if (method === 'POST' && (match = /^\/users\/([^/]+)\/tokens$/.exec(path))) {
    const user = ctx.state.users[decodeURIComponent(match[1]!).toLowerCase()];
    if (!user) throw notFound();
    const scopes = Array.isArray(body.scopes) ? (body.scopes as string[]) : ['repo'];
    send({ token: issueUserToken(ctx, user.login, scopes) });
  } else if (method === 'POST' && path === '/oauth-app') {
    ctx.state.oauthApp = {
      clientId: string(body, 'client_id')!,
      clientSecret: string(body, 'client_secret')!,
      ...(string(body, 'callback_url', false)
        ? { callbackUrl: string(body, 'callback_url')! }
        : {}),
    };
    ctx.store.changed();
    send({ client_id: ctx.state.oauthApp.clientId });
  } else if (method === 'POST' && path === '/app') {
    ctx.state.app = appConfigOf(body);
    ctx.store.changed();
    send({ id: ctx.state.app.id, slug: ctx.state.app.slug });
  } else if (method === 'POST' && path === '/installations') {
    if (!ctx.state.app)
      throw new GithubApiError(422, 'Configure the app first (POST /_local/app).');
    const user = ctx.state.users[string(body, 'account')!.toLowerCase()];
    if (!user) throw notFound();
    send(installationObject(ctx, installApp(ctx, user.login).installation));
  } else return false;
  return true;
};

/** The webhook deliveries: listing, redelivering, waiting until none is in flight. */
const handleDeliveryRoutes = async ({
  ctx,
  method,
  path,
  body,
  url,
  send,
}: ControlRequest): Promise<boolean> => {
  let match: RegExpExecArray | null;
  if (method === 'GET' && path === '/deliveries') {
    const repo = url.searchParams.get('repo')?.toLowerCase();
    const event = url.searchParams.get('event');
    send({
      deliveries: ctx.state.deliveries
        .filter(
          (delivery) => (!repo || delivery.repo === repo) && (!event || delivery.event === event),
        )
        .map(deliveryView),
    });
  } else if (method === 'POST' && (match = /^\/deliveries\/(\d+)\/redeliver$/.exec(path))) {
    const delivery = ctx.webhooks.redeliver(ctx, Number(match[1]));
    if (!delivery) throw notFound();
    send(deliveryView(delivery));
  } else if (method === 'POST' && path === '/deliveries/idle') {
    const timeoutMs = typeof body.timeoutMs === 'number' ? body.timeoutMs : 10_000;
    send({ idle: await ctx.webhooks.idle(Math.min(timeoutMs, 60_000)) });
  } else return false;
  return true;
};

/** Every file of a repository at a ref (the default branch without one), base64. */
const handleRepoFilesRoute = async ({ ctx, method, path, url, send }: ControlRequest) => {
  const match = method === 'GET' ? /^\/repos\/([^/]+)\/([^/]+)\/files$/.exec(path) : null;
  if (!match) return false;
  const repo = findRepo(ctx, decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
  if (!repo) throw notFound();
  const dir = repoDir(ctx, repo);
  if (await isEmptyRepository(dir)) throw new GithubApiError(409, 'Git Repository is empty.');
  const sha = await resolveCommit(dir, url.searchParams.get('ref') || repo.default_branch);
  if (!sha) throw notFound();
  const files: Record<string, string> = {};
  for (const entry of await listTree(dir, sha, true)) {
    if (entry.type !== 'blob') continue;
    files[entry.path] = (await git(dir, ['cat-file', 'blob', entry.sha])).stdout.toString('base64');
  }
  send({ sha, files });
  return true;
};

const positive = (body: Body, name: string): number | undefined => {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw new GithubApiError(422, `${name} must be a positive integer.`);
  return value;
};

/** GitHub's secondary limit: its settings and how many requests it let through or refused. */
const handleSecondaryLimitRoute = ({ ctx, method, path, body, send }: ControlRequest): boolean => {
  if (path !== '/secondary-limit' || (method !== 'GET' && method !== 'POST')) return false;
  if (method === 'POST') {
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
      throw new GithubApiError(422, 'enabled must be a boolean.');
    if (body.status !== undefined && body.status !== 403 && body.status !== 429)
      throw new GithubApiError(422, 'status must be 403 or 429.');
    const change = {
      enabled: body.enabled as boolean | undefined,
      perMinute: positive(body, 'per_minute'),
      perHour: positive(body, 'per_hour'),
      minuteMs: positive(body, 'minute_ms'),
      hourMs: positive(body, 'hour_ms'),
      status: body.status as 403 | 429 | undefined,
    };
    ctx.secondaryLimit.configure(
      Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)),
    );
  }
  const { settings } = ctx.secondaryLimit;
  send({
    settings: {
      enabled: settings.enabled,
      per_minute: settings.perMinute,
      per_hour: settings.perHour,
      minute_ms: settings.minuteMs,
      hour_ms: settings.hourMs,
      status: settings.status,
    },
    usage: ctx.secondaryLimit.usage(),
  });
  return true;
};

/** Handles `/_local/…`; false when no such control route exists. */
export const handleControlRequest = async (
  ctx: Context,
  hooks: ControlHooks,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> => {
  const method = request.method ?? 'GET';
  if (method === 'POST' && !(request.headers['content-type'] ?? '').startsWith('application/json'))
    throw new GithubApiError(415, 'The control API takes application/json.');
  const path = url.pathname.slice('/_local'.length);
  const body = method === 'POST' ? await readParams(request) : {};
  const send = (value: unknown) => sendJson(response, 200, value);
  if (method === 'POST' && path === '/reset') {
    await hooks.reset();
    send({ reset: true });
    return true;
  }
  const control: ControlRequest = { ctx, method, path, body, url, send };
  return (
    handleAccountRoutes(control) ||
    handleSecondaryLimitRoute(control) ||
    (await handleDeliveryRoutes(control)) ||
    (await handleRepoFilesRoute(control))
  );
};
