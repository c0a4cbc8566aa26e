/**
 * The progress of a step's commit kept on the deployment (git-writer.ts, `progress`), so that a
 * run GitHub stopped for longer than it could wait (GithubRateLimitedError, retried by the state
 * machine minutes later) resumes where it stopped instead of writing every file again
 * (docs/operations.md, "Buyer deploys and GitHub's limits"). Only a run of the same step, for the
 * same version on the same parent commit, resumes; anything else starts over.
 */
import type { ProgressStore } from '../git-writer';
import { recordWriteProgress, type DeploymentItem, type DeploymentWriteProgress } from '../repo';
import { now } from './common';

export const writeProgressOf = (
  item: DeploymentItem,
  target: Pick<DeploymentWriteProgress, 'step' | 'version' | 'parent_sha'>,
): ProgressStore => {
  const saved = item.write_progress;
  const same =
    saved?.step === target.step &&
    saved.version === target.version &&
    saved.parent_sha === target.parent_sha;
  return {
    ...(same && {
      resume: { tree: saved.tree_sha, entries: saved.entries, blobs: saved.blobs },
    }),
    save: ({ tree, entries, blobs }) =>
      recordWriteProgress(
        item.id,
        {
          ...target,
          ...(tree && { tree_sha: tree }),
          entries,
          ...(blobs?.length && { blobs }),
        },
        now(),
      ),
  };
};

/** The commit is done: the next write of this deployment starts over. */
export const clearWriteProgress = (item: DeploymentItem): Promise<void> =>
  recordWriteProgress(item.id, null, now());
