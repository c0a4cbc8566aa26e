/**
 * A template's recorded preview renditions: the data access of renditions.ts. Small on purpose:
 * the processing task that makes the renditions bundles it.
 */
import { isConditionFailure } from '../shared/db/entity';
import { TemplateEntity, type TemplateItem } from '../shared/db/entities/template';

/**
 * Sets the keys whose renditions exist (none: the list removed) and `updated_at`, only while the
 * template's previews are still `previews`. Resolves to the template's status after the write, or
 * null when the previews were replaced meanwhile (or the template is gone).
 */
export const setPreviewRenditionKeys = async (
  templateId: string,
  keys: readonly string[],
  previews: readonly string[],
  now: string,
): Promise<TemplateItem['status'] | null> => {
  const write = TemplateEntity.patch({ id: templateId });
  const changed =
    keys.length > 0
      ? write.set({ preview_rendition_keys: [...keys], updated_at: now })
      : write.set({ updated_at: now }).remove(['preview_rendition_keys']);
  try {
    const { data } = await changed
      .where(({ preview_image_keys }, { eq }) => eq(preview_image_keys, [...previews]))
      .go({ response: 'all_new' });
    return data.status;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return null;
  }
};
