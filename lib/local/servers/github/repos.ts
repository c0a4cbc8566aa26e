/**
 * Repositories as GitHub's REST API exposes them: who may read and write one, creating one, and
 * what the API's writes share (the signature commits are written as, moving a ref and telling the
 * webhooks). The routes on a repository's contents are contents.ts, git-database.ts, commits.ts,
 * pulls.ts and hooks.ts. All git data comes from the bare repository (git.ts).
 */
import { rmSync } from 'node:fs';
import { canRead, canWrite, requireUser, type Principal } from './auth';
import { findRepo, repoDir, type Context } from './context';
import {
  buildTree,
  initBare,
  isEmptyRepository,
  updateRef,
  writeBlob,
  writeCommit,
  ZERO_SHA,
  type Signature,
} from './git';
import {
  emptyRepository,
  GithubApiError,
  isoSeconds,
  notFound,
  optionalString,
  unprocessable,
} from './http';
import { repositoryObject } from './objects';
import type { StoredRepo } from './store';

export type Body = Record<string, unknown>;

/** The repository if the principal may see it (404 otherwise, also for private ones: GitHub hides them). */
export const readableRepo = (ctx: Context, principal: Principal, owner: string, name: string) => {
  const repo = findRepo(ctx, owner, name);
  if (!repo || !canRead(principal, repo)) throw notFound();
  return repo;
};

/** The repository if the principal may write to it. */
export const writableRepo = (ctx: Context, principal: Principal, owner: string, name: string) => {
  const repo = readableRepo(ctx, principal, owner, name);
  if (canWrite(principal, repo)) return repo;
  if (principal.kind === 'anonymous') throw new GithubApiError(401, 'Requires authentication');
  if (principal.kind === 'installation')
    throw new GithubApiError(403, 'Resource not accessible by integration');
  throw new GithubApiError(
    403,
    `Permission to ${repo.owner}/${repo.name} denied to ${principal.kind === 'user' ? principal.user.login : 'app'}.`,
  );
};

/** The repository's git directory, once it has commits (409 otherwise). */
export const nonEmptyDir = async (ctx: Context, repo: StoredRepo) => {
  const dir = repoDir(ctx, repo);
  if (await isEmptyRepository(dir)) throw emptyRepository();
  return dir;
};

const VALID_NAME = /[^A-Za-z0-9._-]/g;

export const createRepository = async (ctx: Context, principal: Principal, body: Body) => {
  const user = requireUser(principal);
  const rawName = body.name;
  if (typeof rawName !== 'string' || rawName.trim() === '')
    throw unprocessable('Repository creation failed.', [
      { resource: 'Repository', code: 'missing_field', field: 'name' },
    ]);
  // GitHub turns any other character into a hyphen.
  const name = rawName.trim().replace(VALID_NAME, '-');
  if (name === '.' || name === '..' || name.toLowerCase().endsWith('.git'))
    throw unprocessable('Repository creation failed.', [
      { resource: 'Repository', code: 'custom', field: 'name', message: 'name is invalid' },
    ]);
  if (findRepo(ctx, user.login, name))
    throw unprocessable('Repository creation failed.', [
      {
        resource: 'Repository',
        code: 'custom',
        field: 'name',
        message: 'name already exists on this account',
      },
    ]);
  const now = isoSeconds();
  const repo: StoredRepo = {
    id: ctx.store.nextId(),
    owner: user.login,
    name,
    private: body.private === true,
    description: optionalString(body, 'description') ?? null,
    default_branch: 'main',
    created_at: now,
    updated_at: now,
    pushed_at: null,
    nextNumber: 1,
  };
  const dir = repoDir(ctx, repo);
  rmSync(dir, { recursive: true, force: true });
  await initBare(dir);
  ctx.state.repos[`${user.login}/${name}`.toLowerCase()] = repo;
  ctx.store.changed();
  if (body.auto_init === true) {
    const readme = `# ${name}${repo.description ? `\n\n${repo.description}` : ''}\n`;
    const blob = await writeBlob(dir, Buffer.from(readme));
    const tree = await buildTree(dir, undefined, [
      { path: 'README.md', mode: '100644', type: 'blob', sha: blob },
    ]);
    const signature = signatureOf(ctx, principal);
    const sha = await writeCommit(dir, {
      tree,
      parents: [],
      message: 'Initial commit',
      author: signature,
      committer: signature,
    });
    await updateRef(dir, 'refs/heads/main', sha, ZERO_SHA);
    repo.pushed_at = now;
  }
  return repositoryObject(ctx, repo, true);
};

/** Who the API writes commits as: the user, or the app's bot for an installation. */
export const signatureOf = (ctx: Context, principal: Principal, date = isoSeconds()): Signature => {
  if (principal.kind === 'user') {
    const { user } = principal;
    return {
      name: user.name ?? user.login,
      email: user.email ?? `${user.id}+${user.login}@users.noreply.github.com`,
      date,
    };
  }
  const app = ctx.state.app;
  const slug = app?.slug ?? 'local-app';
  return {
    name: `${slug}[bot]`,
    email: `${app?.id ?? 0}+${slug}[bot]@users.noreply.github.com`,
    date,
  };
};

export const signatureParam = (
  ctx: Context,
  principal: Principal,
  value: unknown,
  field: string,
) => {
  const fallback = signatureOf(ctx, principal);
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'object' || Array.isArray(value))
    throw unprocessable(
      `Invalid request.\n\nFor 'properties/${field}', ${JSON.stringify(value)} is not an object.`,
    );
  const given = value as Body;
  const name = optionalString(given, 'name');
  const email = optionalString(given, 'email');
  if (!name || !email) throw unprocessable(`Invalid request.\n\n"name", "email" weren't supplied.`);
  const date = optionalString(given, 'date');
  if (date !== undefined && Number.isNaN(new Date(date).getTime()))
    throw unprocessable(`Invalid request.\n\n${field}.date is not a valid date.`);
  return { name, email, date: date ? isoSeconds(date) : fallback.date };
};

/** Moves a ref and tells the webhooks (the API's writes are pushes too). */
export const moveRef = async (
  ctx: Context,
  principal: Principal,
  repo: StoredRepo,
  ref: string,
  sha: string,
  before: string,
) => {
  const dir = repoDir(ctx, repo);
  try {
    await updateRef(dir, ref, sha, before);
  } catch (_error) {
    throw new GithubApiError(409, 'Reference update failed: the reference moved meanwhile.');
  }
  repo.pushed_at = isoSeconds();
  ctx.store.changed();
  await ctx.webhooks.push(ctx, repo, [{ ref, before, after: sha }], principal);
};

/** A path git can hold: relative, no empty, `.`, `..` or `.git` component. */
export const isValidPath = (path: string) =>
  path !== '' &&
  !path.split('/').some((part) => part === '' || part === '.' || part === '..' || part === '.git');

export const requireWrite = (principal: Principal, repo: StoredRepo) => {
  if (!canWrite(principal, repo))
    throw principal.kind === 'installation'
      ? new GithubApiError(403, 'Resource not accessible by integration')
      : new GithubApiError(404, 'Not Found');
};
