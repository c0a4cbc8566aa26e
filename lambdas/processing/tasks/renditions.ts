/**
 * The step of mvp-processing between Pin and Publish: WebP renditions of the template's raster
 * previews (renditions.ts), then the keys that have them recorded on the template. The state
 * machine catches any failure here and publishes anyway: a card without renditions shows its
 * original, as every card did before. The same task alone (`RenditionsOnly`) serves an edit that
 * replaced a live template's previews, and the backfill (backfill-renditions.ts) calls it in
 * process for the templates published before renditions existed.
 */
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import * as z from 'zod';
import { getTemplateForRenditions, type TemplateItem } from '../../templates/processing-read';
import { recordPreviewRenditions } from '../../templates/renditions';
import { classifyError } from '../errors';
import { renditionsFor, type RenditionOutcome } from '../renditions';

/** What the step reads of its input: the pipeline passes the version too, an edit's run does not. */
const renditionsInputSchema = z.object({ mvpId: z.string().min(1) });

export interface RenditionsResult {
  made: number;
  kept: number;
  failed: number;
}

/** The renditions of `mvp`'s current previews, made unless they exist, and recorded. */
export const renditionsOfTemplate = async (template: TemplateItem): Promise<RenditionsResult> => {
  const keys = template.preview_image_keys;
  let outcomes: RenditionOutcome[];
  try {
    // One image at a time: two decoded 10 MB images at once would double the memory peak.
    outcomes = [];
    for (const key of keys) outcomes.push(await renditionsFor(key));
    const ready = keys.filter(
      (_, index) => outcomes[index] === 'made' || outcomes[index] === 'kept',
    );
    const recorded = new Set(template.preview_rendition_keys ?? []);
    // Replaced previews' keys go with this write: only the current ones are recorded.
    if (ready.length !== recorded.size || ready.some((key) => !recorded.has(key))) {
      await recordPreviewRenditions(template.id, ready, keys);
    }
  } catch (error) {
    throw classifyError(error, 'Preview renditions failed');
  }
  const count = (outcome: RenditionOutcome) => outcomes.filter((o) => o === outcome).length;
  const result = { made: count('made'), kept: count('kept'), failed: count('failed') };
  logger.info('Preview renditions', { mvpId: template.id, ...result });
  return result;
};

/** The pipeline's step; also run by the local seed for the templates it imports processed. */
export const makePreviewRenditions = async (input: {
  mvpId: string;
  versionId?: string;
}): Promise<RenditionsResult> => {
  const template = await getTemplateForRenditions(input.mvpId);
  if (!template) return { made: 0, kept: 0, failed: 0 };
  return renditionsOfTemplate(template);
};

const thisTask = async (event: unknown): Promise<RenditionsResult> =>
  makePreviewRenditions(renditionsInputSchema.parse(event));

export const handler = taskHandler('processing/renditions', thisTask);
