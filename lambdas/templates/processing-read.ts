/**
 * What the processing tasks read of a template and its version. Apart from transitions.ts so a
 * task that only reads (the scan) bundles the repository alone, not the notification and e-mail
 * code that a status change brings along. The backfill's pages are processing-read-repo.ts.
 */
import { liveTemplatePreviewPages } from './processing-read-repo';
import { getTemplateById, getVersion, type TemplateItem, type TemplateVersionItem } from './repo';

export type { TemplateItem };

/** The template and version processing works on (strongly consistent), or null. */
export const getTemplateForProcessing = async (
  templateId: string,
  versionId: string,
): Promise<{ template: TemplateItem | null; version: TemplateVersionItem | null }> => {
  const [template, version] = await Promise.all([
    getTemplateById(templateId),
    getVersion(templateId, versionId),
  ]);
  return { template, version };
};

/** The template whose previews get renditions (strongly consistent), or null. */
export const getTemplateForRenditions = (templateId: string): Promise<TemplateItem | null> =>
  getTemplateById(templateId);

/**
 * The live templates whose raster previews are not all recorded with renditions, a page at a time:
 * the renditions backfill's work list.
 */
export async function* liveTemplatesMissingRenditions(
  isRaster: (key: string) => boolean,
  pageSize = 100,
): AsyncGenerator<Pick<TemplateItem, 'id' | 'preview_image_keys' | 'preview_rendition_keys'>[]> {
  for await (const page of liveTemplatePreviewPages(pageSize)) {
    yield page.filter((template) => {
      const made = new Set(template.preview_rendition_keys ?? []);
      return template.preview_image_keys.some((key) => isRaster(key) && !made.has(key));
    });
  }
}
