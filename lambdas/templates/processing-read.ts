/**
 * What the processing tasks read of a template and its version. Apart from transitions.ts so a
 * task that only reads (the scan) bundles the repository alone, not the notification and e-mail
 * code that a status change brings along.
 */
import { getTemplateById, getVersion, type TemplateItem, type TemplateVersionItem } from './repo';

export type { TemplateItem };

/** The template and version processing works on (strongly consistent), or null. */
export const getTemplateForProcessing = async (
  templateId: string,
  versionId: string,
): Promise<{ mvp: TemplateItem | null; version: TemplateVersionItem | null }> => {
  const [mvp, version] = await Promise.all([
    getTemplateById(templateId),
    getVersion(templateId, versionId),
  ]);
  return { mvp, version };
};

/** The template whose previews get renditions (strongly consistent), or null. */
export const getTemplateForRenditions = (templateId: string): Promise<TemplateItem | null> =>
  getTemplateById(templateId);
