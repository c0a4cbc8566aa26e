/**
 * A version's site settings on its item (contract/site-settings.ts): the data access of
 * site-settings.ts. Small on purpose: the processing tasks that detect and plan a site bundle it.
 */
import type { SiteSettings } from '../../contract/site-settings';
import { isConditionFailure } from '../shared/db/entity';
import { TemplateVersionEntity } from '../shared/db/entities/template-version';

/** A version's bundle and its recorded settings, for the detection (null: no such version). */
export const getVersionSiteSettings = async (
  templateId: string,
  versionId: string,
): Promise<{ fileKey: string; settings: SiteSettings | null } | null> => {
  const { data } = await TemplateVersionEntity.get({ mvp_id: templateId, id: versionId }).go();
  return data ? { fileKey: data.file_key, settings: data.site_settings ?? null } : null;
};

/** Sets a version's site settings; false when the version is gone (the patch's condition). */
export const setVersionSiteSettings = async (
  templateId: string,
  versionId: string,
  settings: SiteSettings,
): Promise<boolean> => {
  try {
    await TemplateVersionEntity.patch({ mvp_id: templateId, id: versionId })
      .set({ site_settings: settings })
      .go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
};
