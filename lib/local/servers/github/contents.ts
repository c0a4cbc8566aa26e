/** The contents API: one file written per commit, on a branch or as a repository's first commit. */
import { type Principal } from './auth';
import { repoDir, type Context } from './context';
import {
  buildTree,
  isEmptyRepository,
  listRefs,
  listTree,
  readCommit,
  resolveTree,
  writeBlob,
  writeCommit,
  ZERO_SHA,
} from './git';
import { GithubApiError, notFound, optionalString, requiredString, unprocessable } from './http';
import { gitCommitObject } from './git-objects';
import { apiRepoUrl, htmlRepoUrl } from './objects';
import type { StoredRepo } from './store';
import { type Body, isValidPath, moveRef, signatureParam } from './repos';

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
