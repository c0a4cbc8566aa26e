/**
 * Which preview images of a template have WebP renditions: the processing task makes them
 * (processing/renditions.ts) and records the keys here, the templates domain owning the item.
 */
import { TemplateEntity } from '../shared/db/entities/template';

/**
 * Records the keys (of the template's current previews) whose renditions exist. No catalog version
 * bump of its own: the task runs before Publish, whose bump brings the cards up to date, and a card
 * read before then shows its original, as it did before renditions.
 */
export const recordPreviewRenditions = async (
  templateId: string,
  keys: readonly string[],
): Promise<void> => {
  const write = TemplateEntity.patch({ id: templateId });
  await (
    keys.length > 0
      ? write.set({ preview_rendition_keys: [...keys] })
      : write.remove(['preview_rendition_keys'])
  ).go();
};
