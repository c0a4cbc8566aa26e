/**
 * Starting the processing pipeline after a committed write (an upload, a new version, a GitHub
 * sync, a retry), and what happens when it cannot even start. Apart from the templates service so
 * that the GitHub sync's register step loads only this, not the seller's pages' reads.
 */
import { TEMPLATE_MESSAGES } from '../../contract/template-messages';
import { logger } from '../shared/observability';
import { startProcessing } from './processing-start';
import { getTemplateById, writeTemplate } from './repo';
import { failPendingVersion, processingPendingVersion } from './versions';

/**
 * Starts processing after a committed write. If the pipeline cannot even start, the version is
 * marked ipfs_pin_failed with a reason (the template itself when it was never live), so the seller
 * sees it and can Retry, instead of it waiting forever.
 */
export const startProcessingOrFlag = async (
  templateId: string,
  versionId: string,
  fileKey: string,
) => {
  try {
    await startProcessing({ mvpId: templateId, versionId, fileKey });
  } catch (error) {
    logger.error('Processing did not start', error instanceof Error ? error : String(error));
    await flagNotStarted(templateId, versionId, fileKey).catch((flagError: unknown) => {
      logger.error('Could not flag the template', flagError as Error);
    });
  }
};

const flagNotStarted = async (templateId: string, versionId: string, fileKey: string) => {
  const now = new Date().toISOString();
  const template = await getTemplateById(templateId);
  if (!template) return;
  const version = await processingPendingVersion(template, versionId, fileKey);
  if (version) {
    await failPendingVersion({
      mvp: template,
      version,
      to: 'ipfs_pin_failed',
      error: TEMPLATE_MESSAGES.processingNotStarted,
      now,
    });
    return;
  }
  await writeTemplate({
    mvpId: templateId,
    fromStatus: 'pending_review',
    fileKey,
    set: {
      status: 'ipfs_pin_failed',
      last_processing_error: TEMPLATE_MESSAGES.processingNotStarted,
      updated_at: now,
    },
    version: { patch: { id: versionId, set: { status: 'ipfs_pin_failed' } } },
    now,
  });
};
