/**
 * Task 2 of mvp-processing: the bundle's IPFS CID, computed from one streaming read of the object,
 * then pinned by CID when a pinning service is configured (else the CID is only recorded).
 */
import { config } from '../../shared/config';
import { logger } from '../../shared/observability';
import { computeContentId } from '../cid';
import { classifyError } from '../errors';
import { requestPin } from '../pinning-client';
import { s3Source } from '../../shared/archives/s3-source';
import { processingInputSchema, type PinResult, type ProcessingInput } from '../schema';
import { taskHandler } from '../../shared/task-handler';

export const pinBundle = async (input: ProcessingInput): Promise<PinResult> => {
  let content;
  try {
    content = await computeContentId(s3Source(input.fileKey).stream());
  } catch (error) {
    throw classifyError(error, 'The uploaded file could not be read');
  }
  const { PINNING_SERVICE_URL: url, PINNING_SERVICE_TOKEN: token } = config();
  let pinned = false;
  if (url && token) {
    await requestPin(
      { url, token },
      { cid: content.cid, name: `mvp-${input.mvpId}-${input.versionId}` },
    );
    pinned = true;
  }
  logger.info('Bundle CID computed', { mvpId: input.mvpId, cid: content.cid, pinned });
  return { cid: content.cid, size: content.size, pinned };
};

const thisTask = async (event: unknown): Promise<PinResult> =>
  pinBundle(processingInputSchema.parse(event));

export const handler = taskHandler('processing/pin', thisTask);
