/**
 * A GitHub sync that failed (a push, or the Sync button): what My MVPs shows the seller until a
 * later sync of the template succeeds. Written by the github-sync state machine's catch-all
 * (lambdas/github/tasks/mark-sync-failed.ts) through the templates service. Kept free of zod.
 */

export interface GithubSyncFailure {
  /** The commit that was being synced. */
  sha: string;
  /** Why, in words a seller can act on. */
  reason: string;
  at: string;
}

/** Why a sync stopped, by what went wrong. */
export const SYNC_FAILURE_REASONS = {
  githubUnavailable:
    'GitHub did not answer while we fetched this commit, after several tries. This is usually brief.',
  noAccess: (repository: string) =>
    `GitHub refused us the commit in ${repository}: the repository, the commit or the marketplace's GitHub App access to it is gone.`,
  archiveTooLarge: (limitMb: number) =>
    `The commit's archive is larger than ${limitMb} MB, the largest bundle the marketplace accepts.`,
  archiveEmpty: 'GitHub sent an empty archive for this commit.',
  timedOut: 'The sync took longer than it may and was stopped.',
  unexpected: 'Something went wrong on our side while syncing this commit.',
} as const;

/** The line My MVPs shows: which commit, why, and what to do. */
export const syncFailureText = (failure: Pick<GithubSyncFailure, 'sha' | 'reason'>): string =>
  `The last GitHub sync (commit ${failure.sha.slice(0, 7)}) failed: ${failure.reason} Push again or press Sync to try again.`;
