/**
 * A download is spent and counted only when its file can be served: before the spend's
 * transaction, storage is asked whether the template's file is there (one HEAD, bounded by
 * `STORAGE_CHECK_MS` over all its attempts). Why a check and not a spend on the first byte:
 * docs/operations.md, "Our own services failing".
 */
import { DOWNLOAD_MESSAGES } from '../../contract/downloads';
import { config } from '../shared/config';
import { ConflictError, ServiceUnavailableError } from '../shared/errors';
import { logger } from '../shared/observability';
import { STORAGE_CHECK_MS, headObject } from '../shared/storage/s3';

/**
 * Throws 503 (storage not answering, nothing spent) or 409 (the file is gone) unless the
 * template's file can be fetched now.
 */
export const assertFileServable = async (template: {
  id: string;
  file_key?: string;
}): Promise<void> => {
  if (!template.file_key) throw new ConflictError(DOWNLOAD_MESSAGES.fileMissing);
  let stored: Awaited<ReturnType<typeof headObject>>;
  try {
    stored = await headObject(config().MVP_FILES_BUCKET, template.file_key, STORAGE_CHECK_MS);
  } catch (error) {
    logger.warn('Download refused before spending: storage did not answer', {
      mvpId: template.id,
      error: (error as Error).name,
    });
    throw new ServiceUnavailableError(DOWNLOAD_MESSAGES.storageUnavailable);
  }
  if (!stored) {
    logger.error('Download refused before spending: the template file is missing', {
      mvpId: template.id,
    });
    throw new ConflictError(DOWNLOAD_MESSAGES.fileMissing);
  }
};
