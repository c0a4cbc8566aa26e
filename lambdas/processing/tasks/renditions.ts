/**
 * The step of mvp-processing between Pin and Publish: WebP renditions of the template's raster
 * previews (renditions.ts), then the keys that have them recorded on the template. The state
 * machine catches any failure here and publishes anyway: a card without renditions shows its
 * original, as every card did before.
 */
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import { getTemplateForProcessing } from '../../templates/processing-read';
import { recordPreviewRenditions } from '../../templates/renditions';
import { classifyError } from '../errors';
import { renditionsFor, type RenditionOutcome } from '../renditions';
import { processingInputSchema, type ProcessingInput } from '../schema';

export interface RenditionsResult {
  made: number;
  kept: number;
  failed: number;
}

/** The pipeline's step; also run by the local seed for the templates it imports processed. */
export const makePreviewRenditions = async (
  input: Pick<ProcessingInput, 'mvpId' | 'versionId'>,
): Promise<RenditionsResult> => {
  const { mvp } = await getTemplateForProcessing(input.mvpId, input.versionId);
  if (!mvp) return { made: 0, kept: 0, failed: 0 };
  const keys = mvp.preview_image_keys;
  let outcomes: RenditionOutcome[];
  try {
    // One image at a time: two decoded 10 MB images at once would double the memory peak.
    outcomes = [];
    for (const key of keys) outcomes.push(await renditionsFor(key));
    const ready = keys.filter(
      (_, index) => outcomes[index] === 'made' || outcomes[index] === 'kept',
    );
    const recorded = new Set(mvp.preview_rendition_keys ?? []);
    if (ready.length !== recorded.size || ready.some((key) => !recorded.has(key))) {
      await recordPreviewRenditions(input.mvpId, ready);
    }
  } catch (error) {
    throw classifyError(error, 'Preview renditions failed');
  }
  const count = (outcome: RenditionOutcome) => outcomes.filter((o) => o === outcome).length;
  const result = { made: count('made'), kept: count('kept'), failed: count('failed') };
  logger.info('Preview renditions', { mvpId: input.mvpId, ...result });
  return result;
};

const thisTask = async (event: unknown): Promise<RenditionsResult> =>
  makePreviewRenditions(processingInputSchema.parse(event));

export const handler = taskHandler('processing/renditions', thisTask);
