/**
 * Repositories and their contents as GitHub's REST API exposes them: create and get, the contents
 * API (one file per commit), the Git Database API (blobs, trees, commits, refs; refused with 409
 * on an empty repository, as GitHub does), commits and compare, zipballs, pull requests and
 * webhooks. All git data comes from the bare repository (git.ts).
 */
import { rmSync } from 'node:fs';
import { canRead, canWrite, requireUser, type Principal } from './auth';
import { findRepo, repoDir, type Context } from './context';
import {
  buildTree,
  diffFiles,
  git,
  gitText,
  initBare,
  isAncestor,
  isEmptyRepository,
  listRefs,
  listTree,
  objectType,
  readCommit,
  resolveCommit,
  resolveTree,
  revList,
  updateRef,
  writeBlob,
  writeCommit,
  ZERO_SHA,
  type Signature,
  type TreeChange,
} from './git';
import {
  emptyRepository,
  GithubApiError,
  isoSeconds,
  notFound,
  optionalString,
  requiredString,
  unprocessable,
} from './http';
import {
  apiRepoUrl,
  commitObject,
  diffEntry,
  gitCommitObject,
  hookObject,
  htmlRepoUrl,
  pullObject,
  refObject,
  repositoryObject,
  simplePull,
  treeEntryObject,
} from './objects';
import type { StoredHook, StoredPull, StoredRepo } from './store';

type Body = Record<string, unknown>;

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
const nonEmptyDir = async (ctx: Context, repo: StoredRepo) => {
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
const signatureOf = (ctx: Context, principal: Principal, date = isoSeconds()): Signature => {
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

const signatureParam = (ctx: Context, principal: Principal, value: unknown, field: string) => {
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
const moveRef = async (
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

// ---- Contents -------------------------------------------------------------------------------

export const putContents = async (
  ctx: Context,
  principal: Principal,
  repo: StoredRepo,
  path: string,
  body: Body,
) => {
  if (!isValidPath(path)) throw notFound();
  const message = requiredString(body, 'message');
  const content = requiredString(body, 'content');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(content)) throw unprocessable('content is not valid Base64');
  const dir = repoDir(ctx, repo);
  const branch = optionalString(body, 'branch') ?? repo.default_branch;
  const ref = `refs/heads/${branch}`;
  const empty = await isEmptyRepository(dir);
  const head = empty ? undefined : (await listRefs(dir)).get(ref);
  if (!empty && !head) throw new GithubApiError(404, `Branch ${branch} not found`);
  const existing = head
    ? (await listTree(dir, head, true)).find((entry) => entry.path === path)
    : undefined;
  const given = optionalString(body, 'sha');
  if (existing && !given) throw unprocessable(`Invalid request.\n\n"sha" wasn't supplied.`);
  if (existing && given !== existing.sha)
    throw new GithubApiError(409, `${path} does not match ${given}`);
  const bytes = Buffer.from(content, 'base64');
  const blob = await writeBlob(dir, bytes);
  const baseTree = head ? await resolveTree(dir, head) : undefined;
  const tree = await buildTree(dir, baseTree, [
    { path, mode: existing?.mode ?? '100644', type: 'blob', sha: blob },
  ]);
  const author = signatureParam(ctx, principal, body.author, 'author');
  const committer =
    body.committer === undefined
      ? author
      : signatureParam(ctx, principal, body.committer, 'committer');
  const sha = await writeCommit(dir, {
    tree,
    parents: head ? [head] : [],
    message,
    author,
    committer,
  });
  await moveRef(ctx, principal, repo, ref, sha, head ?? ZERO_SHA);
  const url = `${apiRepoUrl(ctx, repo)}/contents/${path}?ref=${branch}`;
  const html = `${htmlRepoUrl(ctx, repo)}/blob/${branch}/${path}`;
  const gitUrl = `${apiRepoUrl(ctx, repo)}/git/blobs/${blob}`;
  return {
    status: existing ? 200 : 201,
    body: {
      content: {
        name: path.split('/').at(-1),
        path,
        sha: blob,
        size: bytes.length,
        url,
        html_url: html,
        git_url: gitUrl,
        download_url: `${htmlRepoUrl(ctx, repo)}/raw/${branch}/${path}`,
        type: 'file',
        _links: { self: url, git: gitUrl, html },
      },
      commit: gitCommitObject(ctx, repo, (await readCommit(dir, sha))!),
    },
  };
};

// ---- Git Database API -----------------------------------------------------------------------

export const createBlob = async (ctx: Context, repo: StoredRepo, body: Body) => {
  const dir = await nonEmptyDir(ctx, repo);
  const content = body.content;
  if (typeof content !== 'string')
    throw unprocessable(`Invalid request.\n\n"content" wasn't supplied.`);
  const encoding = optionalString(body, 'encoding') ?? 'utf-8';
  if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64')
    throw unprocessable(`encoding must be one of utf-8 or base64`);
  const sha = await writeBlob(dir, Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8'));
  return { sha, url: `${apiRepoUrl(ctx, repo)}/git/blobs/${sha}` };
};

export const getBlob = async (ctx: Context, repo: StoredRepo, sha: string) => {
  const dir = await nonEmptyDir(ctx, repo);
  if ((await objectType(dir, sha)) !== 'blob') throw notFound();
  const { stdout } = await git(dir, ['cat-file', 'blob', sha]);
  return {
    sha,
    node_id: Buffer.from(`0:Blob${sha}`).toString('base64'),
    size: stdout.length,
    url: `${apiRepoUrl(ctx, repo)}/git/blobs/${sha}`,
    content: (stdout.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n',
    encoding: 'base64',
  };
};

/** A path git can hold: relative, no empty, `.`, `..` or `.git` component. */
const isValidPath = (path: string) =>
  path !== '' &&
  !path.split('/').some((part) => part === '' || part === '.' || part === '..' || part === '.git');

const MODES = ['100644', '100755', '040000', '160000', '120000'];

export const createTree = async (ctx: Context, repo: StoredRepo, body: Body) => {
  const dir = await nonEmptyDir(ctx, repo);
  if (!Array.isArray(body.tree)) throw unprocessable(`Invalid request.\n\n"tree" wasn't supplied.`);
  const baseTreeSha = optionalString(body, 'base_tree');
  let baseTree: string | undefined;
  if (baseTreeSha) {
    baseTree = await resolveTree(dir, baseTreeSha);
    if (!baseTree || !/^[0-9a-f]{40}$/.test(baseTreeSha))
      throw unprocessable('base_tree is not a valid tree oid');
  }
  const changes: TreeChange[] = [];
  for (const [index, raw] of (body.tree as unknown[]).entries()) {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Body;
    const path = entry.path;
    const mode = entry.mode;
    if (typeof path !== 'string' || !isValidPath(path))
      throw unprocessable(`tree.path contains a malformed path component`, [
        { resource: 'Tree', code: 'custom', field: `tree[${index}].path` },
      ]);
    if (typeof mode !== 'string' || !MODES.includes(mode))
      throw unprocessable(
        `Invalid request.\n\nFor 'properties/mode', ${JSON.stringify(mode)} is not one of ${JSON.stringify(MODES)}.`,
      );
    const type = entry.type ?? (mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob');
    if ((type === 'tree') !== (mode === '040000'))
      throw unprocessable(`Must supply a valid tree.mode for tree.type ${String(type)}`);
    if (entry.sha === null) {
      changes.push({ path, delete: true });
      continue;
    }
    if (typeof entry.content === 'string') {
      if (type !== 'blob') throw unprocessable('tree.content can only be given for blobs');
      const sha = await writeBlob(dir, Buffer.from(entry.content, 'utf8'));
      changes.push({ path, mode, type: 'blob', sha });
      continue;
    }
    const sha = entry.sha;
    if (typeof sha !== 'string') throw unprocessable(`Must supply tree.sha or tree.content`);
    if (type !== 'commit' && (await objectType(dir, sha)) !== type)
      throw unprocessable(`tree.sha ${sha} is not a valid ${String(type)}`);
    changes.push(
      type === 'tree'
        ? { path, mode: '040000', type: 'tree', sha }
        : { path, mode, type: type as 'blob' | 'commit', sha },
    );
  }
  const sha = await buildTree(dir, baseTree, changes);
  return treeObject(ctx, repo, dir, sha, false);
};

const treeObject = async (
  ctx: Context,
  repo: StoredRepo,
  dir: string,
  sha: string,
  recursive: boolean,
) => ({
  sha,
  url: `${apiRepoUrl(ctx, repo)}/git/trees/${sha}`,
  tree: (await listTree(dir, sha, recursive)).map((entry) => treeEntryObject(ctx, repo, entry)),
  truncated: false,
});

export const getTree = async (
  ctx: Context,
  repo: StoredRepo,
  treeish: string,
  recursive: boolean,
) => {
  const dir = await nonEmptyDir(ctx, repo);
  const sha = await resolveTree(dir, treeish);
  if (!sha) throw notFound();
  return treeObject(ctx, repo, dir, sha, recursive);
};

export const createCommit = async (
  ctx: Context,
  principal: Principal,
  repo: StoredRepo,
  body: Body,
) => {
  const dir = await nonEmptyDir(ctx, repo);
  const message = requiredString(body, 'message');
  const tree = requiredString(body, 'tree');
  if ((await objectType(dir, tree)) !== 'tree') throw unprocessable('Tree SHA does not exist');
  const parents = body.parents ?? [];
  if (!Array.isArray(parents) || parents.some((parent) => typeof parent !== 'string'))
    throw unprocessable(
      `Invalid request.\n\nFor 'properties/parents', ${JSON.stringify(parents)} is not an array of strings.`,
    );
  for (const parent of parents as string[])
    if ((await objectType(dir, parent)) !== 'commit')
      throw unprocessable('Parent SHA does not exist or is not a commit object');
  const author = signatureParam(ctx, principal, body.author, 'author');
  const committer =
    body.committer === undefined
      ? author
      : signatureParam(ctx, principal, body.committer, 'committer');
  const sha = await writeCommit(dir, {
    tree,
    parents: parents as string[],
    message,
    author,
    committer,
  });
  return gitCommitObject(ctx, repo, (await readCommit(dir, sha))!);
};

export const getGitCommit = async (ctx: Context, repo: StoredRepo, sha: string) => {
  const dir = await nonEmptyDir(ctx, repo);
  const commit = await readCommit(dir, sha);
  if (!commit) throw notFound();
  return gitCommitObject(ctx, repo, commit);
};

/** `heads/main` (as Octokit sends it, the `refs/` left out) → `refs/heads/main`. */
const fullRef = (ref: string) => (ref.startsWith('refs/') ? ref : `refs/${ref}`);

export const getRef = async (ctx: Context, repo: StoredRepo, ref: string) => {
  const dir = await nonEmptyDir(ctx, repo);
  const name = fullRef(ref);
  const sha = (await listRefs(dir)).get(name);
  if (!sha) throw notFound();
  return refObject(ctx, repo, name, sha);
};

export const createRef = async (
  ctx: Context,
  principal: Principal,
  repo: StoredRepo,
  body: Body,
) => {
  const dir = await nonEmptyDir(ctx, repo);
  const ref = requiredString(body, 'ref');
  const sha = requiredString(body, 'sha');
  if (
    !ref.startsWith('refs/') ||
    ref.split('/').length < 3 ||
    (await git(dir, ['check-ref-format', ref], { allow: [1] })).code !== 0
  )
    throw unprocessable(`${ref} is not a valid ref name.`);
  if ((await listRefs(dir)).has(ref)) throw unprocessable('Reference already exists');
  if ((await objectType(dir, sha)) !== 'commit') throw unprocessable('Object does not exist');
  await moveRef(ctx, principal, repo, ref, sha, ZERO_SHA);
  return refObject(ctx, repo, ref, sha);
};

export const updateRefApi = async (
  ctx: Context,
  principal: Principal,
  repo: StoredRepo,
  ref: string,
  body: Body,
) => {
  const dir = await nonEmptyDir(ctx, repo);
  const name = fullRef(ref);
  const sha = requiredString(body, 'sha');
  const before = (await listRefs(dir)).get(name);
  if (!before) throw unprocessable('Reference does not exist');
  if ((await objectType(dir, sha)) !== 'commit') throw unprocessable('Object does not exist');
  if (body.force !== true && !(await isAncestor(dir, before, sha)))
    throw unprocessable('Update is not a fast forward');
  if (before !== sha) await moveRef(ctx, principal, repo, name, sha, before);
  return refObject(ctx, repo, name, sha);
};

// ---- Commits, compare, zipball --------------------------------------------------------------

export const pageParams = (query: URLSearchParams) => {
  const perPage = Math.min(Math.max(Number(query.get('per_page') ?? 30) || 30, 1), 100);
  const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  return { perPage, page };
};

export const listCommits = async (ctx: Context, repo: StoredRepo, query: URLSearchParams) => {
  const dir = await nonEmptyDir(ctx, repo);
  const revision = query.get('sha') || repo.default_branch;
  const head = await resolveCommit(dir, revision);
  if (!head) throw new GithubApiError(404, `No commit found for SHA: ${revision}`);
  const { perPage, page } = pageParams(query);
  const shas = await revList(dir, [
    `--skip=${(page - 1) * perPage}`,
    `--max-count=${perPage + 1}`,
    head,
  ]);
  const commits = await Promise.all(
    shas
      .slice(0, perPage)
      .map(async (sha) => commitObject(ctx, repo, (await readCommit(dir, sha))!)),
  );
  return { commits, more: shas.length > perPage, page };
};

export const compareCommits = async (ctx: Context, repo: StoredRepo, basehead: string) => {
  const dir = await nonEmptyDir(ctx, repo);
  const split = basehead.indexOf('...');
  if (split === -1) throw notFound();
  const baseName = basehead.slice(0, split);
  const headName = basehead.slice(split + 3);
  const base = await resolveCommit(dir, baseName);
  const head = await resolveCommit(dir, headName);
  if (!base || !head) throw notFound();
  const mergeBase = (await gitText(dir, ['merge-base', base, head], { allow: [1] })).trim();
  if (!mergeBase) throw notFound();
  const ahead = await revList(dir, ['--reverse', `${mergeBase}..${head}`]);
  const behind = await revList(dir, [`${head}..${base}`]);
  const status =
    ahead.length === 0 && behind.length === 0
      ? 'identical'
      : behind.length === 0
        ? 'ahead'
        : ahead.length === 0
          ? 'behind'
          : 'diverged';
  const read = async (sha: string) => commitObject(ctx, repo, (await readCommit(dir, sha))!);
  const html = `${htmlRepoUrl(ctx, repo)}/compare/${basehead}`;
  return {
    url: `${apiRepoUrl(ctx, repo)}/compare/${basehead}`,
    html_url: html,
    permalink_url: `${htmlRepoUrl(ctx, repo)}/compare/${repo.owner}:${base.slice(0, 7)}...${repo.owner}:${head.slice(0, 7)}`,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    base_commit: await read(base),
    merge_base_commit: await read(mergeBase),
    status,
    ahead_by: ahead.length,
    behind_by: behind.length,
    total_commits: ahead.length,
    commits: await Promise.all(ahead.slice(0, 250).map(read)),
    files: (await diffFiles(dir, mergeBase, head)).map((file) => diffEntry(ctx, repo, head, file)),
  };
};

/** The commit a zipball is made of (404 as GitHub answers for an unknown ref or an empty repository). */
export const zipballCommit = async (ctx: Context, repo: StoredRepo, ref: string | undefined) => {
  const dir = repoDir(ctx, repo);
  if (await isEmptyRepository(dir)) throw notFound();
  const sha = await resolveCommit(dir, ref || repo.default_branch);
  if (!sha) throw notFound();
  return sha;
};

// ---- Pull requests --------------------------------------------------------------------------

const branchTip = async (dir: string, branch: string) =>
  (await listRefs(dir)).get(`refs/heads/${branch}`);

const pullStats = async (dir: string, pull: StoredPull) => {
  const mergeBase = (
    await gitText(dir, ['merge-base', pull.base.sha, pull.head.sha], { allow: [1] })
  ).trim();
  const files = mergeBase ? await diffFiles(dir, mergeBase, pull.head.sha) : [];
  return {
    files,
    stats: {
      commits: (await revList(dir, [`${pull.base.sha}..${pull.head.sha}`])).length,
      additions: files.reduce((sum, file) => sum + file.additions, 0),
      deletions: files.reduce((sum, file) => sum + file.deletions, 0),
      changed_files: files.length,
    },
  };
};

/** The pull request with its branches' current tips (GitHub follows pushes to the head branch). */
const livePull = async (dir: string, pull: StoredPull) => ({
  ...pull,
  head: { ref: pull.head.ref, sha: (await branchTip(dir, pull.head.ref)) ?? pull.head.sha },
  base: { ref: pull.base.ref, sha: (await branchTip(dir, pull.base.ref)) ?? pull.base.sha },
});

export const createPull = async (
  ctx: Context,
  principal: Principal,
  repo: StoredRepo,
  body: Body,
) => {
  const dir = await nonEmptyDir(ctx, repo);
  const title = requiredString(body, 'title');
  const headParam = requiredString(body, 'head');
  const base = requiredString(body, 'base');
  const head = headParam.includes(':') ? headParam.slice(headParam.indexOf(':') + 1) : headParam;
  if (
    headParam.includes(':') &&
    headParam.split(':')[0]!.toLowerCase() !== repo.owner.toLowerCase()
  )
    throw unprocessable('Validation Failed', [
      { resource: 'PullRequest', field: 'head', code: 'invalid' },
    ]);
  const baseSha = await branchTip(dir, base);
  if (!baseSha)
    throw unprocessable('Validation Failed', [
      { resource: 'PullRequest', field: 'base', code: 'invalid' },
    ]);
  const headSha = await branchTip(dir, head);
  if (!headSha)
    throw unprocessable('Validation Failed', [
      { resource: 'PullRequest', field: 'head', code: 'invalid' },
    ]);
  if ((await revList(dir, [`${baseSha}..${headSha}`])).length === 0)
    throw unprocessable('Validation Failed', [
      {
        resource: 'PullRequest',
        code: 'custom',
        message: `No commits between ${base} and ${head}`,
      },
    ]);
  const key = `${repo.owner}/${repo.name}`.toLowerCase();
  if (
    ctx.state.pulls.some(
      (pull) =>
        pull.repo === key &&
        pull.state === 'open' &&
        pull.head.ref === head &&
        pull.base.ref === base,
    )
  )
    throw unprocessable('Validation Failed', [
      {
        resource: 'PullRequest',
        code: 'custom',
        message: `A pull request already exists for ${repo.owner}:${head}.`,
      },
    ]);
  const now = isoSeconds();
  const pull: StoredPull = {
    id: ctx.store.nextId(),
    number: repo.nextNumber,
    repo: key,
    title,
    body: optionalString(body, 'body') ?? null,
    state: 'open',
    user: principal.kind === 'user' ? principal.user.login : repo.owner,
    head: { ref: head, sha: headSha },
    base: { ref: base, sha: baseSha },
    created_at: now,
    updated_at: now,
  };
  repo.nextNumber += 1;
  ctx.state.pulls.push(pull);
  ctx.store.changed();
  return pullObject(ctx, repo, pull, (await pullStats(dir, pull)).stats);
};

const findPull = (ctx: Context, repo: StoredRepo, number: number) => {
  const pull = ctx.state.pulls.find(
    (candidate) =>
      candidate.repo === `${repo.owner}/${repo.name}`.toLowerCase() && candidate.number === number,
  );
  if (!pull) throw notFound();
  return pull;
};

export const getPull = async (ctx: Context, repo: StoredRepo, number: number) => {
  const dir = repoDir(ctx, repo);
  const pull = await livePull(dir, findPull(ctx, repo, number));
  return pullObject(ctx, repo, pull, (await pullStats(dir, pull)).stats);
};

export const listPullFiles = async (ctx: Context, repo: StoredRepo, number: number) => {
  const dir = repoDir(ctx, repo);
  const pull = await livePull(dir, findPull(ctx, repo, number));
  return (await pullStats(dir, pull)).files.map((file) =>
    diffEntry(ctx, repo, pull.head.sha, file),
  );
};

export const listPulls = async (ctx: Context, repo: StoredRepo, query: URLSearchParams) => {
  const state = query.get('state') ?? 'open';
  if (!['open', 'closed', 'all'].includes(state))
    throw unprocessable('Validation Failed', [
      { resource: 'PullRequest', field: 'state', code: 'invalid' },
    ]);
  const dir = repoDir(ctx, repo);
  const key = `${repo.owner}/${repo.name}`.toLowerCase();
  const pulls = ctx.state.pulls
    .filter((pull) => pull.repo === key && (state === 'all' || pull.state === state))
    .sort((a, b) => b.number - a.number);
  return Promise.all(
    pulls.map(async (stored) => {
      const pull = await livePull(dir, stored);
      return simplePull(pullObject(ctx, repo, pull, (await pullStats(dir, pull)).stats));
    }),
  );
};

// ---- Webhooks -------------------------------------------------------------------------------

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

export const requireWrite = (principal: Principal, repo: StoredRepo) => {
  if (!canWrite(principal, repo))
    throw principal.kind === 'installation'
      ? new GithubApiError(403, 'Resource not accessible by integration')
      : new GithubApiError(404, 'Not Found');
};
