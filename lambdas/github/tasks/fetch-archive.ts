/**
 * Task 1 of github-sync: the commit's zipball, downloaded with the installation's token and stored
 * where an upload's bundle is stored (`mvps/{mvpId}/{versionId}/bundle.zip`). A commit that is
 * already the template's last synced one (or a template no longer linked) ends the execution as a
 * no-op. GitHub's 5xx and network failures are TransientError (retried by the ASL); a refused
 * commit or an archive we cannot take is a named error (sync-errors.ts) the seller is told about.
 */
import { githubErrorStatus, githubInstallation } from '../../shared/adapters/github';
import { config } from '../../shared/config';
import { GITHUB_MESSAGES } from '../../../contract/github';
import { putObject } from '../../shared/storage/s3';
import { logger } from '../../shared/observability';
import { TransientError } from '../../shared/errors';
import { bundleKey } from '../../templates/files';
import { getTemplate, newVersionId } from '../../templates/sync-lookup';
import {
  MAX_ARCHIVE_BYTES,
  syncInputSchema,
  type FetchedArchive,
  type SyncInput,
} from '../sync-schema';
import { taskHandler } from '../../shared/task-handler';
import { SyncArchiveEmptyError, SyncArchiveTooLargeError, SyncNoAccessError } from '../sync-errors';

export const fetchArchive = async (input: SyncInput): Promise<FetchedArchive> => {
  const template = await getTemplate(input.mvpId);
  if (
    !template ||
    template.status === 'archived' ||
    !template.github_repo_owner ||
    template.last_synced_github_commit_sha === input.sha
  ) {
    logger.info('Nothing to sync', { mvpId: input.mvpId, sha: input.sha });
    return { skip: true };
  }
  let bytes: Uint8Array;
  try {
    const octokit = await githubInstallation(input.installationId, 'task');
    const { data } = await octokit.rest.repos.downloadZipballArchive({
      owner: input.owner,
      repo: input.name,
      ref: input.sha,
    });
    bytes = new Uint8Array(data as ArrayBuffer);
  } catch (error) {
    const status = githubErrorStatus(error);
    if (status === undefined || status >= 500 || status === 429) {
      throw new TransientError(GITHUB_MESSAGES.archiveFailed, { cause: error });
    }
    throw new SyncNoAccessError(status, { cause: error });
  }
  if (bytes.byteLength === 0) throw new SyncArchiveEmptyError();
  if (bytes.byteLength > MAX_ARCHIVE_BYTES) throw new SyncArchiveTooLargeError(bytes.byteLength);
  const versionId = newVersionId();
  const fileName = `${input.name}-${input.sha.slice(0, 7)}.zip`;
  const fileKey = bundleKey(input.mvpId, versionId, fileName);
  await putObject({
    bucket: config().MVP_FILES_BUCKET,
    key: fileKey,
    body: bytes,
    contentType: 'application/zip',
  });
  return { skip: false, versionId, fileKey, fileSize: bytes.byteLength, fileName };
};

const thisTask = async (event: unknown): Promise<FetchedArchive> =>
  fetchArchive(syncInputSchema.parse(event));

export const handler = taskHandler('github/fetch-archive', thisTask);
