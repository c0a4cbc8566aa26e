/**
 * Task 1 of mvp-processing: the security scan. Findings are its result (`clean: false` with a
 * reason), which the state machine routes to MarkScanFailed; failing to read the bundle is an
 * error (retried when transient, else recorded as ipfs_pin_failed).
 *
 * A clean bundle's manifest and pack (the code preview) are written beside it under
 * `manifests/`, keyed from the bundle's key: a rerun writes the same two objects again. Only the
 * manifest's key goes into the task's output, never the contents.
 */
import { basename } from 'node:path';
import { config } from '../../shared/config';
import { logger } from '../../shared/observability';
import { manifestKeysOf } from '../../shared/storage/bundle-manifest';
import { headObject, putObject } from '../../shared/storage/s3';
import { classifyError } from '../errors';
import { getTemplateForProcessing } from '../../templates/processing-read';
import { s3Source } from '../../shared/archives/s3-source';
import { inspectArchive } from '../scanner/index';
import type { BuiltManifest } from '../scanner/manifest';
import { processingInputSchema, type ProcessingInput, type ScanResult } from '../schema';
import { taskHandler } from '../../shared/task-handler';

/** The pack first, then the manifest: whoever finds a manifest finds its pack. */
const writeManifest = async (fileKey: string, built: BuiltManifest): Promise<string> => {
  const keys = manifestKeysOf(fileKey);
  const bucket = config().MVP_FILES_BUCKET;
  await putObject({
    bucket,
    key: keys.pack,
    body: built.pack,
    contentType: 'application/octet-stream',
  });
  await putObject({
    bucket,
    key: keys.manifest,
    body: JSON.stringify(built.manifest),
    contentType: 'application/json',
  });
  return keys.manifest;
};

export const scanBundle = async (input: ProcessingInput): Promise<ScanResult> => {
  // The extension the seller's file had is the type it claims to be.
  const { version } = await getTemplateForProcessing(input.mvpId, input.versionId);
  const fileName = version?.original_file_name ?? basename(input.fileKey);
  try {
    const { result, manifest } = await inspectArchive(s3Source(input.fileKey), fileName);
    if (manifest) result.manifestKey = await writeManifest(input.fileKey, manifest);
    logger.info('Bundle scanned', {
      mvpId: input.mvpId,
      clean: result.clean,
      entries: result.entries,
      findings: result.findings.length,
      previewFiles: manifest?.manifest.files.length,
    });
    return result;
  } catch (error) {
    throw classifyError(error, `The uploaded file could not be read`);
  }
};

/**
 * The code preview of a bundle that arrived approved without going through the pipeline (the local
 * demo data is imported whole): the Scan task run for it when its manifest is missing. Returns
 * whether a manifest exists afterwards (false: the version has no file, or it did not scan clean).
 */
export const ensureCodePreview = async (
  templateId: string,
  versionId: string,
): Promise<boolean> => {
  const { version } = await getTemplateForProcessing(templateId, versionId);
  if (!version?.file_key) return false;
  const keys = manifestKeysOf(version.file_key);
  if (await headObject(config().MVP_FILES_BUCKET, keys.manifest)) return true;
  const result = await scanBundle({ mvpId: templateId, versionId, fileKey: version.file_key });
  return result.manifestKey !== undefined;
};

const thisTask = async (event: unknown): Promise<ScanResult> =>
  scanBundle(processingInputSchema.parse(event));

export const handler = taskHandler('processing/scan', thisTask);
