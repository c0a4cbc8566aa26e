/**
 * The step of mvp-processing between Renditions and Publish: how the version's files deploy on
 * Netlify (framework, build command, publish folder, or a repository only), detected with Netlify's
 * own detection (deployments/site-settings.ts) and recorded on the version, so the template page
 * can say it before a buyer spends a download. Best effort: the state machine catches any failure
 * and publishes anyway; a deploy of a version without settings detects them from the files then.
 */
import * as z from 'zod';
import type { SiteSettings } from '../../../contract/site-settings';
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import { getVersionSiteSettings, recordVersionSiteSettings } from '../../templates/site-settings';

const detectInputSchema = z.object({
  mvpId: z.string().min(1),
  versionId: z.string().min(1),
  fileKey: z.string().min(1),
});

export type DetectSiteResult = Pick<SiteSettings, 'hostable' | 'framework'>;

export const detectSite = async (event: unknown): Promise<DetectSiteResult> => {
  const { mvpId, versionId, fileKey } = detectInputSchema.parse(event);
  // Loaded on first use: Netlify's detection and its YAML and TOML parsers are most of the bundle.
  const [{ readBundleFiles }, { detectSiteSettings }] = await Promise.all([
    import('../../deployments/bundle-files'),
    import('../../deployments/site-settings'),
  ]);
  const files = await readBundleFiles(fileKey);
  const byPath = new Map(files.map((file) => [file.path, file]));
  const settings = await detectSiteSettings({
    paths: files.map((file) => file.path),
    read: async (path) => {
      const file = byPath.get(path);
      if (!file) throw new Error(`No file ${path} in the bundle`);
      return Buffer.from(await file.read()).toString('utf8');
    },
  });
  await recordVersionSiteSettings(mvpId, versionId, settings);
  logger.info('Site settings detected', { mvpId, versionId, ...settings });
  return { hostable: settings.hostable, framework: settings.framework };
};

/**
 * The step for a version that skipped the pipeline (the local seed's imported templates): detects
 * its settings unless they are recorded. True when it detected them now.
 */
export const ensureSiteSettings = async (mvpId: string, versionId: string): Promise<boolean> => {
  const version = await getVersionSiteSettings(mvpId, versionId);
  if (!version || version.settings) return false;
  await detectSite({ mvpId, versionId, fileKey: version.fileKey });
  return true;
};

export const handler = taskHandler('processing/detect-site', detectSite);
