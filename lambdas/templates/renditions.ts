/**
 * Which preview images of a template have WebP renditions: the processing task makes them
 * (processing/renditions.ts) and records the keys here, the templates domain owning the item.
 */
import { TemplateEntity } from '../shared/db/entities/template';
import { bumpCatalogVersion } from './repo';

/**
 * Records the keys (of the template's current previews) whose renditions exist. `updated_at` moves
 * with them, as with any change of a card, so that browse caches reading the changes since their
 * last read see it; a live template's cards change at once, so the catalog version moves too (a
 * template not live yet is brought in by Publish's own move).
 */
export const recordPreviewRenditions = async (
  templateId: string,
  keys: readonly string[],
  now = new Date().toISOString(),
): Promise<void> => {
  const write = TemplateEntity.patch({ id: templateId });
  const { data } = await (
    keys.length > 0
      ? write.set({ preview_rendition_keys: [...keys], updated_at: now })
      : write.set({ updated_at: now }).remove(['preview_rendition_keys'])
  ).go({ response: 'all_new' });
  if (data.status === 'approved') await bumpCatalogVersion(0, now);
};
