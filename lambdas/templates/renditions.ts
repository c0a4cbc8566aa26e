/**
 * Which preview images of a template have WebP renditions: the processing task makes them
 * (processing/renditions.ts) and records the keys here, the templates domain owning the item. An
 * edit that replaces a live template's previews without a new version asks for theirs here too
 * (`startPreviewRenditions`; docs/architecture.md, "Preview renditions").
 */
import { ulid } from 'ulid';
import { startWorkflow } from '../shared/adapters/workflow';
import { logger } from '../shared/observability';
import { setPreviewRenditionKeys } from './renditions-repo';
import { bumpCatalogVersion } from './repo';

/**
 * Records the keys (of the template's current previews, `previews`) whose renditions exist, only
 * while those are still its previews: a run that read them before an edit replaced them must not
 * overwrite what the edit's own run records. `updated_at` moves with them, as with any change of a
 * card, so that browse caches reading the changes since their last read see it; a live template's
 * cards change at once, so the catalog version moves too (a template not live yet is brought in
 * by Publish's own move).
 */
export const recordPreviewRenditions = async (
  templateId: string,
  keys: readonly string[],
  previews: readonly string[],
  now = new Date().toISOString(),
): Promise<void> => {
  const status = await setPreviewRenditionKeys(templateId, keys, previews, now);
  if (status === null) {
    logger.info('Previews replaced meanwhile; their own run records their renditions', {
      templateId,
    });
  } else if (status === 'approved') {
    await bumpCatalogVersion(0, now);
  }
};

/**
 * Starts the renditions of a template's current previews (the processing state machine's
 * `RenditionsOnly` branch), after an edit replaced them. Best effort: the edit is done whatever
 * happens here, and until the renditions exist its cards show the originals.
 */
export const startPreviewRenditions = async (templateId: string): Promise<void> => {
  try {
    await startWorkflow(
      'mvp-processing',
      { mvpId: templateId, only: 'renditions' },
      `${templateId}-renditions-${ulid()}`,
    );
  } catch (error) {
    logger.warn('Preview renditions not started; the cards show the originals', {
      templateId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
