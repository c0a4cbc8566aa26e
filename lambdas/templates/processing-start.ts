/**
 * The one entry point into the processing pipeline (scan → pin → publish): the templates domain
 * calls it after registering a template or a new version, after a GitHub sync, and on "Retry". It
 * only starts the state machine; the pipeline's tasks (lambdas/processing) call back into templates
 * with the outcome. Apart from the templates service, so that the GitHub sync's register step
 * loads this and not the seller pages' reads.
 */
import { ulid } from 'ulid';
import { TEMPLATE_MESSAGES } from '../../contract/template-messages';
import { startWorkflow } from '../shared/adapters/workflow';
import { logger } from '../shared/observability';
import { processingInputSchema, type ProcessingInput } from './processing-input';
import { getTemplateById, writeTemplate } from './repo';
import { failPendingVersion, processingPendingVersion } from './versions';

/**
 * Starts processing one uploaded version. Resolves once the execution is accepted; the outcome
 * arrives later as a status change of the MVP and a notification to the seller.
 *
 * Preconditions (the caller's transaction, docs/data-model.md M2/M3 or a retry's M5): the MVP is in
 * `pending_review` and its `file_key` is `fileKey`. The tasks only move an MVP out of
 * `pending_review` while its `file_key` is still this one, so a newer upload during processing wins
 * and a duplicate execution is harmless.
 */
export const startProcessing = async (input: ProcessingInput): Promise<void> => {
  const checked = processingInputSchema.parse(input);
  // A fresh name per execution: a retry of the same version must not collide with the first run.
  await startWorkflow('mvp-processing', { ...checked }, `${checked.mvpId}-${ulid()}`);
};

/**
 * Rebuilds one processed version: the pipeline's build steps alone (`only: "build"`), which
 * replace the version's build record and change nothing else. Resolves once the execution is
 * accepted. For the seller's Rebuild and the local seed's demo build.
 */
export const startRebuild = async (input: ProcessingInput): Promise<void> => {
  const checked = processingInputSchema.parse(input);
  await startWorkflow(
    'mvp-processing',
    { ...checked, only: 'build' },
    `${checked.mvpId}-build-${ulid()}`,
  );
};

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
      template,
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
