/**
 * The Git Database API: blobs, trees, commits and refs, refused with 409 on an empty repository
 * as GitHub does.
 */
import { type Principal } from './auth';
import type { Context } from './context';
import {
  buildTree,
  git,
  isAncestor,
  listRefs,
  listTree,
  objectType,
  readCommit,
  resolveTree,
  writeBlob,
  writeCommit,
  ZERO_SHA,
  type TreeChange,
} from './git';
import { notFound, optionalString, requiredString, unprocessable } from './http';
import { gitCommitObject, refObject, treeEntryObject } from './git-objects';
import { apiRepoUrl } from './objects';
import type { StoredRepo } from './store';
import { type Body, isValidPath, moveRef, nonEmptyDir, signatureParam } from './repos';

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
  const written: Promise<void>[] = [];
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
      // Written together below: a tree of hundreds of inline files waits for the disk once.
      const change = { path, mode, type: 'blob' as const, sha: '' };
      changes.push(change);
      written.push(
        writeBlob(dir, Buffer.from(entry.content, 'utf8')).then((sha) => {
          change.sha = sha;
        }),
      );
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
  await Promise.all(written);
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
