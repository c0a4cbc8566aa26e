/**
 * How a version's files deploy (contract/site-settings.ts): the processing pipeline detects it
 * (processing/tasks/detect-site.ts) and records it here, the templates domain owning the version.
 * Written once per version, and again when processing runs again: the files never change.
 */
import type { SiteSettings } from '../../contract/site-settings';
import { isConditionFailure } from '../shared/db/entity';
import { TemplateVersionEntity } from '../shared/db/entities/template-version';
import { logger } from '../shared/observability';

/** A version's bundle and its recorded settings, for the detection (null: no such version). */
export const getVersionSiteSettings = async (
  templateId: string,
  versionId: string,
): Promise<{ fileKey: string; settings: SiteSettings | null } | null> => {
  const { data } = await TemplateVersionEntity.get({ mvp_id: templateId, id: versionId }).go();
  return data ? { fileKey: data.file_key, settings: data.site_settings ?? null } : null;
};

/** Records a version's site settings; a version deleted meanwhile is left alone. */
export const recordVersionSiteSettings = async (
  templateId: string,
  versionId: string,
  settings: SiteSettings,
): Promise<void> => {
  try {
    await TemplateVersionEntity.patch({ mvp_id: templateId, id: versionId })
      .set({ site_settings: settings })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    logger.info('Version gone before its site settings were recorded', { templateId, versionId });
  }
};
