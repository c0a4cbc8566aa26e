/**
 * Task 1 of mvp-processing: the security scan. Findings are its result (`clean: false` with a
 * reason), which the state machine routes to MarkScanFailed; failing to read the bundle is an
 * error (retried when transient, else recorded as ipfs_pin_failed).
 */
import { basename } from 'node:path';
import { logger } from '../../shared/observability';
import { classifyError } from '../errors';
import { getTemplateForProcessing } from '../../templates/transitions';
import { s3Source } from '../s3-source';
import { scanArchive } from '../scanner/index';
import { processingInputSchema, type ProcessingInput, type ScanResult } from '../schema';

export const scanBundle = async (input: ProcessingInput): Promise<ScanResult> => {
  // The extension the seller's file had is the type it claims to be.
  const { version } = await getTemplateForProcessing(input.mvpId, input.versionId);
  const fileName = version?.original_file_name ?? basename(input.fileKey);
  try {
    const result = await scanArchive(s3Source(input.fileKey), fileName);
    logger.info('Bundle scanned', {
      mvpId: input.mvpId,
      clean: result.clean,
      entries: result.entries,
      findings: result.findings.length,
    });
    return result;
  } catch (error) {
    throw classifyError(error, `The uploaded file could not be read`);
  }
};

export const handler = async (event: unknown): Promise<ScanResult> =>
  scanBundle(processingInputSchema.parse(event));
