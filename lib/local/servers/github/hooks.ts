/** Repository webhooks: create one (GitHub pings it), find one, list them. */
import type { Context } from './context';
import { isoSeconds, notFound, optionalString, unprocessable } from './http';
import { hookObject } from './objects';
import type { StoredHook, StoredRepo } from './store';
import { type Body } from './repos';

export const createHook = (ctx: Context, repo: StoredRepo, body: Body) => {
  const config = (
    typeof body.config === 'object' && body.config !== null ? body.config : {}
  ) as Body;
  const url = config.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url))
    throw unprocessable('Validation Failed', [
      {
        resource: 'Hook',
        code: 'custom',
        message: url === undefined ? 'Config must contain URL.' : 'Config url is invalid.',
      },
    ]);
  const contentType = optionalString(config, 'content_type') ?? 'form';
  if (contentType !== 'json' && contentType !== 'form')
    throw unprocessable('Validation Failed', [
      { resource: 'Hook', code: 'custom', message: 'Content type is not supported.' },
    ]);
  const events = body.events ?? ['push'];
  if (!Array.isArray(events) || events.some((event) => typeof event !== 'string'))
    throw unprocessable('Validation Failed', [
      { resource: 'Hook', code: 'invalid', field: 'events' },
    ]);
  const key = `${repo.owner}/${repo.name}`.toLowerCase();
  if (Object.values(ctx.state.hooks).some((hook) => hook.repo === key && hook.url === url))
    throw unprocessable('Validation Failed', [
      { resource: 'Hook', code: 'custom', message: 'Hook already exists on this repository' },
    ]);
  const now = isoSeconds();
  const hook: StoredHook = {
    id: ctx.store.nextId(),
    repo: key,
    url,
    secret: optionalString(config, 'secret') || null,
    content_type: contentType,
    events: events as string[],
    active: body.active !== false,
    created_at: now,
    updated_at: now,
    last_response: { code: null, status: 'unused', message: null },
  };
  ctx.state.hooks[String(hook.id)] = hook;
  ctx.store.changed();
  ctx.webhooks.ping(ctx, repo, hook);
  return hookObject(ctx, repo, hook);
};

export const findHook = (ctx: Context, repo: StoredRepo, id: string) => {
  const hook = ctx.state.hooks[id];
  if (!hook || hook.repo !== `${repo.owner}/${repo.name}`.toLowerCase()) throw notFound();
  return hook;
};

export const listHooks = (ctx: Context, repo: StoredRepo) =>
  Object.values(ctx.state.hooks)
    .filter((hook) => hook.repo === `${repo.owner}/${repo.name}`.toLowerCase())
    .map((hook) => hookObject(ctx, repo, hook));
