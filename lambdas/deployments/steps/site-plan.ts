/**
 * buyer-deploy, after the repository step (`repo_created`): how the template builds on Netlify.
 *
 * 1. The settings the processing pipeline detected for the template's live version
 *    (contract/site-settings.ts), else detected now from the bundle's files (a version processed
 *    before detection existed).
 * 2. Kept on the deployment: the site step creates the site with them and the check step knows
 *    what the built site must answer.
 * 3. A template that is no website Netlify hosts (a Django or FastAPI server) completes here with
 *    its repository, `repository_only`, and no Netlify step: the template page said so before the
 *    buyer spent anything.
 *
 * Safe to run again: it does nothing once the deployment left `repo_created`.
 */
import { businessMetrics } from '../../../contract/design/metrics';
import type { SiteSettings } from '../../../contract/site-settings';
import { countFact } from '../../shared/business-metrics';
import { logger } from '../../shared/observability';
import { completeDeployment, getDeployment, recordDeploymentFields } from '../repo';
import type { DeploymentItem } from '../repo';
import { now, type StepInput } from './common';
import { plannedSiteSettings } from './planned-settings';

export interface PlanResult {
  ok: boolean;
  /** True: the deployment completed as a repository only. */
  repositoryOnly: boolean;
}

const readBundleFiles = async (fileKey: string) =>
  (await import('../bundle-files')).readBundleFiles(fileKey);

/** Detects the settings from the bundle's files (Netlify's detection, loaded only then). */
const detectFromBundle = async (fileKey: string): Promise<SiteSettings> => {
  const files = await readBundleFiles(fileKey);
  const byPath = new Map(files.map((file) => [file.path, file]));
  const { detectSiteSettings } = await import('../site-settings');
  return detectSiteSettings({
    paths: files.map((file) => file.path),
    read: async (path) => Buffer.from((await byPath.get(path)?.read()) ?? []).toString('utf8'),
  });
};

/**
 * The settings the deployment builds with: planned, or stored for the live version, else
 * detected from the bundle (a version processed before detection existed).
 */
const siteSettingsOf = async (item: DeploymentItem): Promise<SiteSettings | null> => {
  const { settings, fileKey } = await plannedSiteSettings(item);
  if (settings || !fileKey) return settings;
  return detectFromBundle(fileKey);
};

export const planSite = async ({ deploymentId }: StepInput): Promise<PlanResult> => {
  const item = await getDeployment(deploymentId);
  if (!item || item.status !== 'repo_created') return { ok: false, repositoryOnly: false };
  const settings = await siteSettingsOf(item);
  if (!settings) return { ok: true, repositoryOnly: false };
  if (settings.hostable) {
    await recordDeploymentFields(item.id, { site_settings: settings }, now());
    return { ok: true, repositoryOnly: false };
  }
  const completed = await completeDeployment(
    item.id,
    'repo_created',
    { site_settings: settings, repository_only: true },
    now(),
  );
  if (completed) countFact(businessMetrics.deploysSucceeded);
  logger.info('Deployment completed as a repository only', {
    deploymentId: item.id,
    reason: settings.reason,
  });
  return { ok: completed, repositoryOnly: completed };
};
