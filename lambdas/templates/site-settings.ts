/**
 * How a version's files deploy (contract/site-settings.ts): the processing pipeline detects it
 * (processing/tasks/detect-site.ts) and records it here, the templates domain owning the version.
 * Written once per version, and again when processing runs again: the files never change. The
 * item's reads and writes are site-settings-repo.ts.
 */
import type { SiteSettings } from '../../contract/site-settings';
import { logger } from '../shared/observability';
import { setVersionSiteSettings } from './site-settings-repo';

export { getVersionSiteSettings } from './site-settings-repo';

/** Records a version's site settings; a version deleted meanwhile is left alone. */
export const recordVersionSiteSettings = async (
  templateId: string,
  versionId: string,
  settings: SiteSettings,
): Promise<void> => {
  if (await setVersionSiteSettings(templateId, versionId, settings)) return;
  logger.info('Version gone before its site settings were recorded', { templateId, versionId });
};
