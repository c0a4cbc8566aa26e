/**
 * github-sync's catch-all: a sync that stopped (FetchArchive or RegisterVersion failed after their
 * retries) is recorded on the template with its reason in words, from the error's name, so My MVPs
 * shows the seller that the push did not become a version, and why.
 */
import * as z from 'zod';
import { SYNC_FAILURE_REASONS } from '../../../contract/github-sync-failure';
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import { recordSyncFailure } from '../../templates/github-sync';
import { MAX_ARCHIVE_BYTES } from '../sync-schema';

export const markSyncFailedInputSchema = z.object({
  mvpId: z.string().min(1),
  sha: z.string().regex(/^[0-9a-f]{40}$/),
  owner: z.string().min(1),
  name: z.string().min(1),
  /** The name of the error the state machine caught (`$.error.Error`). */
  error: z.string().max(200).optional(),
});
export type MarkSyncFailedInput = z.infer<typeof markSyncFailedInputSchema>;

/** The seller's reason for a sync stopped by `error`. */
export const syncFailureReason = (input: MarkSyncFailedInput): string => {
  switch (input.error) {
    case 'TransientError':
      return SYNC_FAILURE_REASONS.githubUnavailable;
    case 'SyncNoAccessError':
      return SYNC_FAILURE_REASONS.noAccess(`${input.owner}/${input.name}`);
    case 'SyncArchiveTooLargeError':
      return SYNC_FAILURE_REASONS.archiveTooLarge(MAX_ARCHIVE_BYTES / (1024 * 1024));
    case 'SyncArchiveEmptyError':
      return SYNC_FAILURE_REASONS.archiveEmpty;
    case 'States.Timeout':
      return SYNC_FAILURE_REASONS.timedOut;
    default:
      return SYNC_FAILURE_REASONS.unexpected;
  }
};

export const markSyncFailed = async (
  input: MarkSyncFailedInput,
): Promise<{ recorded: boolean }> => {
  logger.warn('GitHub sync failed', { mvpId: input.mvpId, error: input.error });
  await recordSyncFailure(input.mvpId, { sha: input.sha, reason: syncFailureReason(input) });
  return { recorded: true };
};

const thisTask = async (event: unknown) => markSyncFailed(markSyncFailedInputSchema.parse(event));

export const handler = taskHandler('github/mark-sync-failed', thisTask);
