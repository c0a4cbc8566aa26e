/**
 * GitHub's git object shapes (`git-commit`, `commit`, `diff-entry`, `git-tree` entries, `git-ref`),
 * built from the repositories; checked by test/integration/local/github-shapes.test.ts.
 */
import type { Context } from './context';
import type { CommitObject, FileChange, TreeEntry } from './git';
import type { StoredRepo } from './store';
import { apiRepoUrl, htmlRepoUrl, nodeId, simpleUser } from './objects';

export const commitApiUrl = (ctx: Context, repo: StoredRepo, sha: string) =>
  `${apiRepoUrl(ctx, repo)}/git/commits/${sha}`;

const noSignature = {
  verified: false,
  reason: 'unsigned',
  signature: null,
  payload: null,
  verified_at: null,
};

/** `git-commit` (the Git Database API's commit). */
export const gitCommitObject = (ctx: Context, repo: StoredRepo, commit: CommitObject) => ({
  sha: commit.sha,
  node_id: nodeId('Commit', commit.sha),
  url: commitApiUrl(ctx, repo, commit.sha),
  html_url: `${htmlRepoUrl(ctx, repo)}/commit/${commit.sha}`,
  author: commit.author,
  committer: commit.committer,
  tree: { sha: commit.tree, url: `${apiRepoUrl(ctx, repo)}/git/trees/${commit.tree}` },
  message: commit.message,
  parents: commit.parents.map((sha) => ({
    sha,
    url: commitApiUrl(ctx, repo, sha),
    html_url: `${htmlRepoUrl(ctx, repo)}/commit/${sha}`,
  })),
  verification: noSignature,
});

/** The GitHub user whose e-mail signed a commit (`author`/`committer` of a `commit`), or null. */
const userByEmail = (ctx: Context, email: string) => {
  const user = Object.values(ctx.state.users).find(
    (candidate) =>
      candidate.email === email ||
      `${candidate.id}+${candidate.login}@users.noreply.github.com` === email,
  );
  return user ? simpleUser(ctx, user) : null;
};

/** `commit` (the Commits API's commit: lists and compare), without `files` unless given. */
export const commitObject = (
  ctx: Context,
  repo: StoredRepo,
  commit: CommitObject,
  files?: FileChange[],
) => {
  const url = `${apiRepoUrl(ctx, repo)}/commits/${commit.sha}`;
  return {
    url,
    sha: commit.sha,
    node_id: nodeId('Commit', commit.sha),
    html_url: `${htmlRepoUrl(ctx, repo)}/commit/${commit.sha}`,
    comments_url: `${url}/comments`,
    commit: {
      url: commitApiUrl(ctx, repo, commit.sha),
      author: commit.author,
      committer: commit.committer,
      message: commit.message,
      comment_count: 0,
      tree: { sha: commit.tree, url: `${apiRepoUrl(ctx, repo)}/git/trees/${commit.tree}` },
      verification: noSignature,
    },
    author: userByEmail(ctx, commit.author.email),
    committer: userByEmail(ctx, commit.committer.email),
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${apiRepoUrl(ctx, repo)}/commits/${sha}`,
      html_url: `${htmlRepoUrl(ctx, repo)}/commit/${sha}`,
    })),
    ...(files ? { files: files.map((file) => diffEntry(ctx, repo, commit.sha, file)) } : {}),
  };
};

/** `diff-entry`. */
export const diffEntry = (ctx: Context, repo: StoredRepo, ref: string, file: FileChange) => ({
  sha: file.sha,
  filename: file.filename,
  status: file.status,
  additions: file.additions,
  deletions: file.deletions,
  changes: file.changes,
  blob_url: `${htmlRepoUrl(ctx, repo)}/blob/${ref}/${file.filename}`,
  raw_url: `${htmlRepoUrl(ctx, repo)}/raw/${ref}/${file.filename}`,
  contents_url: `${apiRepoUrl(ctx, repo)}/contents/${file.filename}?ref=${ref}`,
});

/** A `git-tree` entry. */
export const treeEntryObject = (ctx: Context, repo: StoredRepo, entry: TreeEntry) => ({
  path: entry.path,
  mode: entry.mode,
  type: entry.type,
  sha: entry.sha,
  ...(entry.size !== undefined ? { size: entry.size } : {}),
  url: `${apiRepoUrl(ctx, repo)}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`,
});

/** `git-ref`. */
export const refObject = (ctx: Context, repo: StoredRepo, ref: string, sha: string) => ({
  ref,
  node_id: nodeId('Ref', `${repo.id}:${ref}`),
  url: `${apiRepoUrl(ctx, repo)}/git/${ref}`,
  object: { type: 'commit', sha, url: commitApiUrl(ctx, repo, sha) },
});
