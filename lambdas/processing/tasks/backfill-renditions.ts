/**
 * One-off task: WebP renditions for the live templates published before renditions existed (or
 * whose renditions run failed), so that their cards stop serving the originals (docs/operations.md,
 * "Preview renditions backfill"). Run it with the renditions function's environment:
 * `npx tsx lambdas/processing/tasks/backfill-renditions.ts`. Idempotent: a template whose raster
 * previews are all recorded is not read again, a rendition that exists is not made again, and
 * an image that cannot be decoded is left to its original (counted as failed) on every run.
 */
import { pathToFileURL } from 'node:url';
import { logger } from '../../shared/observability';
import {
  getTemplateForRenditions,
  liveTemplatesMissingRenditions,
} from '../../templates/processing-read';
import { isRasterPreview } from '../renditions';
import { renditionsOfTemplate, type RenditionsResult } from './renditions';

export interface BackfillResult extends RenditionsResult {
  /** Templates worked on, and those whose run stopped with an error (logged; the next run retries). */
  templates: number;
  errors: number;
}

/** Makes and records the missing renditions, one template and one image at a time. */
export const backfillRenditions = async (): Promise<BackfillResult> => {
  const total: BackfillResult = { templates: 0, errors: 0, made: 0, kept: 0, failed: 0 };
  for await (const page of liveTemplatesMissingRenditions(isRasterPreview)) {
    for (const { id } of page) {
      total.templates += 1;
      try {
        // Read again, strongly consistent: the index may lag an edit of its previews.
        const template = await getTemplateForRenditions(id);
        if (!template) continue;
        const result = await renditionsOfTemplate(template);
        total.made += result.made;
        total.kept += result.kept;
        total.failed += result.failed;
      } catch (error) {
        total.errors += 1;
        logger.error('Renditions backfill: template skipped', {
          templateId: id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  return total;
};

export const handler = backfillRenditions;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await backfillRenditions();
  console.log(
    `Templates: ${result.templates} (errors: ${result.errors}); renditions made for ` +
      `${result.made} previews, kept ${result.kept}, not decodable ${result.failed}.`,
  );
}
