/**
 * The build settings a deployment builds with, as far as they are known without reading the
 * bundle: its own (the plan step kept them, site-plan.ts), else the template's live version's
 * (detected when it was processed). Apart from site-plan.ts so that the site step, which never
 * reads a bundle, does not carry Netlify's detection.
 */
import type { SiteSettings } from '../../../contract/site-settings';
import { getHeldTemplateItem, getLiveSiteSettings } from '../../catalog/service';
import type { DeploymentItem } from '../repo';

export const plannedSiteSettings = async (
  item: DeploymentItem,
): Promise<{ settings: SiteSettings | null; fileKey: string | undefined }> => {
  if (item.site_settings) return { settings: item.site_settings, fileKey: undefined };
  // Archived too: a holder's deployment of an archived template builds like any other.
  const template = await getHeldTemplateItem(item.mvp_id);
  return { settings: await getLiveSiteSettings(template), fileKey: template.file_key };
};
