/**
 * The one entry point into the processing pipeline (scan → pin → publish): the templates domain
 * calls it after registering a template or a new version, and on "Retry". It only starts the state
 * machine; the pipeline's tasks (lambdas/processing) call back into templates with the outcome.
 */
import { ulid } from 'ulid';
import { startWorkflow } from '../shared/adapters/workflow';
import { processingInputSchema, type ProcessingInput } from './processing-input';

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
