/**
 * Repository webhooks as GitHub delivers them: a `ping` when a hook is created, a `push` per
 * updated ref (pushes over git smart HTTP and ref updates through the API alike). Each delivery
 * POSTs the JSON payload with `X-GitHub-Event`, `X-GitHub-Delivery` (a uuid),
 * `X-Hub-Signature-256: sha256=<HMAC of the exact body with the hook's secret>` (and the legacy
 * `X-Hub-Signature` sha1), once, in order; GitHub does not retry failed deliveries by itself,
 * but a delivery can be redelivered (control API), with the same `X-GitHub-Delivery`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Principal } from './auth';
import { repoDir, type Context } from './context';
import { diffFiles, isAncestor, listRefs, readCommit, revList, ZERO_SHA } from './git';
import { isoSeconds } from './http';
import { apiRepoUrl, htmlRepoUrl, repositoryObject, simpleUser, userOf } from './objects';
import type { StoredDelivery, StoredHook, StoredRepo, StoredUser } from './store';

export interface RefUpdate {
  ref: string;
  before: string;
  after: string;
}

export interface WebhookDispatcher {
  /** Queues a `push` delivery per update to every active hook of the repository that wants pushes. */
  push(ctx: Context, repo: StoredRepo, updates: RefUpdate[], pusher: Principal): Promise<void>;
  /** Queues the `ping` GitHub sends to a new hook. */
  ping(ctx: Context, repo: StoredRepo, hook: StoredHook): void;
  /** Sends a stored delivery again (same guid, `redelivery: true`); undefined when unknown. */
  redeliver(ctx: Context, id: number): StoredDelivery | undefined;
  /** Resolves once nothing is queued or being delivered (false after `timeoutMs`). */
  idle(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

const MAX_PAYLOAD_COMMITS = 20;

const sign = (secret: string, body: string, algorithm: 'sha256' | 'sha1') =>
  `${algorithm}=${createHmac(algorithm, secret).update(body).digest('hex')}`;

/** The user a delivery names as `sender`: the pusher, or the installation's account. */
const senderOf = (ctx: Context, repo: StoredRepo, principal: Principal): StoredUser =>
  principal.kind === 'user'
    ? principal.user
    : principal.kind === 'installation'
      ? userOf(ctx, principal.installation.account)
      : userOf(ctx, repo.owner);

const installationOf = (ctx: Context, repo: StoredRepo) => {
  if (!ctx.state.app) return undefined;
  const installation = Object.values(ctx.state.installations).find(
    (candidate) => candidate.account.toLowerCase() === repo.owner.toLowerCase(),
  );
  return installation
    ? {
        id: installation.id,
        node_id: Buffer.from(`0:Installation${installation.id}`).toString('base64'),
      }
    : undefined;
};

/** The repository as push payloads show it (timestamps in epoch seconds, an owner with name and e-mail). */
const pushRepository = (ctx: Context, repo: StoredRepo) => {
  const owner = userOf(ctx, repo.owner);
  return {
    ...repositoryObject(ctx, repo, false),
    owner: { ...simpleUser(ctx, owner), name: owner.login, email: owner.email },
    created_at: Math.floor(new Date(repo.created_at).getTime() / 1000),
    pushed_at: Math.floor(new Date(repo.pushed_at ?? repo.created_at).getTime() / 1000),
    master_branch: repo.default_branch,
    stargazers: 0,
  };
};

const payloadCommit = async (ctx: Context, repo: StoredRepo, sha: string) => {
  const dir = repoDir(ctx, repo);
  const commit = (await readCommit(dir, sha))!;
  const files = await diffFiles(dir, commit.parents[0], sha);
  const person = (signature: { name: string; email: string }) => {
    const user = Object.values(ctx.state.users).find(
      (candidate) => candidate.email === signature.email,
    );
    return {
      name: signature.name,
      email: signature.email,
      ...(user ? { username: user.login } : {}),
    };
  };
  return {
    id: sha,
    tree_id: commit.tree,
    distinct: true,
    message: commit.message,
    timestamp: commit.author.date,
    url: `${htmlRepoUrl(ctx, repo)}/commit/${sha}`,
    author: person(commit.author),
    committer: person(commit.committer),
    added: files.filter((file) => file.status === 'added').map((file) => file.filename),
    removed: files.filter((file) => file.status === 'removed').map((file) => file.filename),
    modified: files
      .filter((file) => file.status === 'modified' || file.status === 'changed')
      .map((file) => file.filename),
  };
};

/** The `push` payload of one ref update (`before`/`after` ZERO_SHA: created/deleted). */
export const pushPayload = async (
  ctx: Context,
  repo: StoredRepo,
  update: RefUpdate,
  sender: StoredUser,
) => {
  const dir = repoDir(ctx, repo);
  const created = update.before === ZERO_SHA;
  const deleted = update.after === ZERO_SHA;
  let shas: string[] = [];
  if (!deleted) {
    if (created) {
      const others = [...(await listRefs(dir))]
        .filter(([ref]) => ref !== update.ref)
        .map(([, sha]) => `^${sha}`);
      shas = await revList(dir, ['--reverse', update.after, ...others]);
    } else shas = await revList(dir, ['--reverse', `${update.before}..${update.after}`]);
  }
  const commits = await Promise.all(
    shas.slice(-MAX_PAYLOAD_COMMITS).map((sha) => payloadCommit(ctx, repo, sha)),
  );
  const forced =
    !created &&
    !deleted &&
    !(await isAncestor(dir, update.before, update.after).catch(() => false));
  const installation = installationOf(ctx, repo);
  return {
    ref: update.ref,
    before: update.before,
    after: update.after,
    repository: pushRepository(ctx, repo),
    pusher: { name: sender.login, email: sender.email },
    sender: simpleUser(ctx, sender),
    ...(installation ? { installation } : {}),
    created,
    deleted,
    forced,
    base_ref: null,
    compare: created
      ? `${htmlRepoUrl(ctx, repo)}/commit/${update.after.slice(0, 12)}`
      : `${htmlRepoUrl(ctx, repo)}/compare/${update.before.slice(0, 12)}...${update.after.slice(0, 12)}`,
    commits,
    head_commit: deleted
      ? null
      : (commits.at(-1) ?? (await payloadCommit(ctx, repo, update.after))),
  };
};

/** Headers GitHub sends with a delivery, signed over the exact body when the hook has a secret. */
const deliveryHeaders = (
  delivery: StoredDelivery,
  hook: StoredHook,
  repo: StoredRepo | undefined,
  body: string,
) => ({
  accept: '*/*',
  'content-type':
    hook.content_type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
  'user-agent': 'GitHub-Hookshot/local',
  'x-github-event': delivery.event,
  'x-github-delivery': delivery.guid,
  'x-github-hook-id': String(hook.id),
  'x-github-hook-installation-target-type': 'repository',
  'x-github-hook-installation-target-id': String(repo?.id ?? ''),
  ...(hook.secret
    ? {
        'x-hub-signature': sign(hook.secret, body, 'sha1'),
        'x-hub-signature-256': sign(hook.secret, body, 'sha256'),
      }
    : {}),
});

/** POSTs one delivery and records its outcome on the delivery and the hook. */
const sendDelivery = async (
  ctx: Context,
  delivery: StoredDelivery,
  hook: StoredHook,
  inFlight: AbortSignal,
) => {
  const started = Date.now();
  const repo = ctx.state.repos[delivery.repo];
  // `form` (GitHub's default) sends the JSON as a `payload` form field; signed as sent.
  const body =
    hook.content_type === 'form'
      ? `payload=${encodeURIComponent(delivery.payload)}`
      : delivery.payload;
  try {
    const response = await fetch(hook.url, {
      method: 'POST',
      headers: deliveryHeaders(delivery, hook, repo, body),
      body,
      signal: AbortSignal.any([inFlight, AbortSignal.timeout(10_000)]),
    });
    await response.arrayBuffer().catch(() => undefined);
    delivery.status_code = response.status;
    delivery.status = response.ok ? 'OK' : `Invalid HTTP Response: ${response.status}`;
    hook.last_response = {
      code: response.status,
      status: response.ok ? 'active' : 'failed',
      message: response.ok ? 'OK' : `Invalid HTTP Response: ${response.status}`,
    };
  } catch (error) {
    delivery.status_code = 0;
    delivery.status = `failed to connect: ${String(error)}`;
    hook.last_response = { code: null, status: 'failed', message: 'failed to connect to host' };
  }
  delivery.delivered_at = isoSeconds();
  delivery.duration = (Date.now() - started) / 1000;
  ctx.store.changed();
};

/** A pending delivery of one event to one hook. */
const pendingDelivery = (
  ctx: Context,
  repo: StoredRepo,
  hook: StoredHook,
  event: string,
  payload: string,
  guid: string,
  redelivery: boolean,
): StoredDelivery => ({
  id: ctx.store.nextId(),
  guid,
  hook: hook.id,
  repo: `${repo.owner}/${repo.name}`.toLowerCase(),
  event,
  redelivery,
  payload,
  delivered_at: null,
  status_code: null,
  status: 'pending',
  duration: null,
});

/** The active hooks of a repository that want an event. */
const hooksOf = (ctx: Context, repo: StoredRepo, event: string) =>
  Object.values(ctx.state.hooks).filter(
    (hook) =>
      hook.repo === `${repo.owner}/${repo.name}`.toLowerCase() &&
      hook.active &&
      (hook.events.includes(event) || hook.events.includes('*')),
  );

/** The `ping` payload GitHub sends to a new hook. */
const pingPayload = (ctx: Context, repo: StoredRepo, hook: StoredHook) => ({
  zen: 'Keep it logically awesome.',
  hook_id: hook.id,
  hook: {
    type: 'Repository',
    id: hook.id,
    name: 'web',
    active: hook.active,
    events: hook.events,
    config: { content_type: hook.content_type, insecure_ssl: '0', url: hook.url },
    updated_at: hook.updated_at,
    created_at: hook.created_at,
    url: `${apiRepoUrl(ctx, repo)}/hooks/${hook.id}`,
  },
  repository: repositoryObject(ctx, repo, false),
  sender: simpleUser(ctx, userOf(ctx, repo.owner)),
});

export const createWebhookDispatcher = (): WebhookDispatcher => {
  const queue: { delivery: StoredDelivery; hook: StoredHook; ctx: Context }[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;
  const inFlight = new AbortController();

  const pump = () => {
    running ??= (async () => {
      while (!stopped && queue.length > 0) {
        const { ctx, delivery, hook } = queue[0]!;
        await sendDelivery(ctx, delivery, hook, inFlight.signal);
        queue.shift();
      }
    })().finally(() => {
      running = undefined;
      if (!stopped && queue.length > 0) pump();
    });
  };

  const enqueue = (
    ctx: Context,
    repo: StoredRepo,
    hook: StoredHook,
    event: string,
    payload: string,
    guid: string = randomUUID(),
    redelivery = false,
  ) => {
    const delivery = pendingDelivery(ctx, repo, hook, event, payload, guid, redelivery);
    ctx.state.deliveries.push(delivery);
    ctx.store.changed();
    queue.push({ ctx, delivery, hook });
    pump();
    return delivery;
  };

  return {
    push: async (ctx, repo, updates, pusher) => {
      const hooks = hooksOf(ctx, repo, 'push');
      if (hooks.length === 0) return;
      const sender = senderOf(ctx, repo, pusher);
      for (const update of updates) {
        const payload = JSON.stringify(await pushPayload(ctx, repo, update, sender));
        for (const hook of hooks) enqueue(ctx, repo, hook, 'push', payload);
      }
    },
    ping: (ctx, repo, hook) => {
      enqueue(ctx, repo, hook, 'ping', JSON.stringify(pingPayload(ctx, repo, hook)));
    },
    redeliver: (ctx, id) => {
      const original = ctx.state.deliveries.find((delivery) => delivery.id === id);
      const hook = original && ctx.state.hooks[String(original.hook)];
      const repo = original && ctx.state.repos[original.repo];
      if (!original || !hook || !repo) return undefined;
      return enqueue(ctx, repo, hook, original.event, original.payload, original.guid, true);
    },
    idle: async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (queue.length > 0 || running) {
        if (Date.now() >= deadline) return false;
        await new Promise((done) => setTimeout(done, 10));
      }
      return true;
    },
    stop: async () => {
      stopped = true;
      inFlight.abort();
      await running?.catch(() => undefined);
    },
  };
};
