/**
 * The failure end of mvp-processing: records scan_failed (with the scan's findings) or
 * ipfs_pin_failed (with the error of the step that failed) as last_processing_error and notifies
 * the seller (mvp_rejected, linking to My MVPs where Retry is offered).
 */
import * as z from 'zod';
import { businessMetrics } from '../../../contract/design/metrics';
import { countFact } from '../../shared/business-metrics';
import { logger } from '../../shared/observability';
import { MY_TEMPLATES_LINK, processingFailedMessage, scanFailedMessage } from '../messages';
import { failProcessedVersion } from '../../templates/transitions';
import { classifyError } from '../errors';
import { processingInputSchema, taskErrorSchema, type TaskError } from '../schema';
import { taskHandler } from '../../shared/task-handler';

export const markFailedInputSchema = processingInputSchema.extend({
  status: z.enum(['scan_failed', 'ipfs_pin_failed']),
  /** The scan's reason ('Security scan failed: …'), for scan_failed. */
  reason: z.string().optional(),
  /** What the Catch recorded, for ipfs_pin_failed. */
  error: taskErrorSchema.optional(),
});
export type MarkFailedInput = z.infer<typeof markFailedInputSchema>;

/**
 * The readable message of a caught error. Step Functions puts the Lambda's
 * `{ errorType, errorMessage, trace }` as a JSON string in Cause; the local runner the message.
 */
export const errorMessageOf = (error: TaskError | undefined): string => {
  if (!error) return 'An unexpected error occurred.';
  if (error.Error === 'States.Timeout') return 'The step took too long and was stopped.';
  let message = error.Cause ?? '';
  try {
    const parsed = JSON.parse(message) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string') message = parsed.errorMessage;
  } catch {
    // a plain message
  }
  message = message.trim() || error.Error;
  return /[.!?]$/.test(message) ? message : `${message}.`;
};

export const markFailed = async (
  input: MarkFailedInput,
): Promise<{ outcome: 'marked' | 'skipped' }> => {
  const scanFailed = input.status === 'scan_failed';
  const lastError = scanFailed
    ? (input.reason ?? 'Security scan failed.')
    : `Processing failed: ${errorMessageOf(input.error)}`;
  const outcome = await failProcessedVersion({
    mvpId: input.mvpId,
    versionId: input.versionId,
    fileKey: input.fileKey,
    to: input.status,
    error: lastError,
    notification: (template, versionNumber) => ({
      userId: template.seller_id,
      type: 'mvp_rejected',
      message: scanFailed
        ? scanFailedMessage(template.title, versionNumber, lastError)
        : processingFailedMessage(template.title, versionNumber, lastError),
      link: MY_TEMPLATES_LINK,
    }),
    now: new Date().toISOString(),
  }).catch((error: unknown) => {
    throw classifyError(error, 'Recording the failure failed');
  });
  logger.info('Processing failure recorded', { mvpId: input.mvpId, status: input.status, outcome });
  if (scanFailed && outcome === 'applied') countFact(businessMetrics.scansFailed);
  return { outcome: outcome === 'applied' ? 'marked' : 'skipped' };
};

const thisTask = async (event: unknown) => markFailed(markFailedInputSchema.parse(event));

export const handler = taskHandler('processing/mark-failed', thisTask);
