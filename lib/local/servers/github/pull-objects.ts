/**
 * GitHub's pull request shapes (`pull-request`, `pull-request-simple`), built from the stored
 * state; checked by test/integration/local/github-shapes.test.ts.
 */
import type { Context } from './context';
import type { StoredPull, StoredRepo } from './store';
import { apiRepoUrl, htmlRepoUrl, nodeId, repositoryObject, simpleUser, userOf } from './objects';

/** What `pull-request-simple` (the list) leaves out of `pull-request`. */
const PULL_DETAIL_KEYS = [
  'merged',
  'mergeable',
  'rebaseable',
  'mergeable_state',
  'merged_by',
  'comments',
  'review_comments',
  'maintainer_can_modify',
  'commits',
  'additions',
  'deletions',
  'changed_files',
] as const;

/** `pull-request-simple`, as `GET /pulls` lists them. */
export const simplePull = (pull: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(pull).filter(([key]) => !(PULL_DETAIL_KEYS as readonly string[]).includes(key)),
  );

/** `pull-request`. */
export const pullObject = (
  ctx: Context,
  repo: StoredRepo,
  pull: StoredPull,
  stats: { commits: number; additions: number; deletions: number; changed_files: number },
) => {
  const repoUrl = apiRepoUrl(ctx, repo);
  const html = `${htmlRepoUrl(ctx, repo)}/pull/${pull.number}`;
  const url = `${repoUrl}/pulls/${pull.number}`;
  const owner = simpleUser(ctx, userOf(ctx, repo.owner));
  const side = (side: { ref: string; sha: string }) => ({
    label: `${repo.owner}:${side.ref}`,
    ref: side.ref,
    repo: repositoryObject(ctx, repo, false),
    sha: side.sha,
    user: owner,
  });
  return {
    url,
    id: pull.id,
    node_id: nodeId('PullRequest', pull.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${repoUrl}/issues/${pull.number}`,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${repoUrl}/pulls/comments{/number}`,
    comments_url: `${repoUrl}/issues/${pull.number}/comments`,
    statuses_url: `${repoUrl}/statuses/${pull.head.sha}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    user: simpleUser(ctx, userOf(ctx, pull.user)),
    body: pull.body,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: pull.created_at,
    updated_at: pull.updated_at,
    closed_at: null,
    merged_at: null,
    merge_commit_sha: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: side(pull.head),
    base: side(pull.base),
    _links: {
      self: { href: url },
      html: { href: html },
      issue: { href: `${repoUrl}/issues/${pull.number}` },
      comments: { href: `${repoUrl}/issues/${pull.number}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${repoUrl}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${repoUrl}/statuses/${pull.head.sha}` },
    },
    author_association: 'OWNER',
    auto_merge: null,
    draft: false,
    merged: false,
    mergeable: true,
    rebaseable: true,
    mergeable_state: 'clean',
    merged_by: null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    ...stats,
  };
};
