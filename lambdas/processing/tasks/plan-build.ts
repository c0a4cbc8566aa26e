/**
 * The PlanBuild step of mvp-processing, after DetectSite: the version build's plan
 * (contract/design/build.ts) from the bundle's files, as deploys read them
 * (deployments/bundle-files.ts): the lock file, the project's package.json and the site settings
 * DetectSite recorded (detected here when it recorded none). The plan goes to the Build state as
 * CodeBuild's variables; a bundle with nothing to build (no package.json, no lock file, no build
 * script, or one a deploy cannot read) is planned as not built, with the reason, without a build.
 */
import * as z from 'zod';
import {
  buildEnvironmentOf,
  planBuild,
  projectFolderOf,
  lockFileOf,
  type BuildPlan,
  type PlannedBuild,
} from '../../../contract/design/build';
import { buildRecordKey, previewSitePrefix } from '../../../contract/design/live-previews';
import { config } from '../../shared/config';
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import { getVersionSiteSettings } from '../../templates/site-settings';
import { getTemplateForBuild } from '../../templates/build-read';
import { buildAllowance } from '../../builds/previews';

const planInputSchema = z.object({
  mvpId: z.string().min(1),
  versionId: z.string().min(1),
  fileKey: z.string().min(1),
});

/** package.json is read up to this size; a larger one is not a manifest anyone writes by hand. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

const notBuilt = (reason: string): BuildPlan => ({
  build: false,
  reason,
  base_dir: '',
  package_manager: null,
  runtime: null,
  lock_file: null,
  install_command: null,
  build_command: null,
  output_dir: null,
  framework: null,
});

const parseManifest = (text: string): { scripts?: Record<string, unknown> } | null => {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object'
      ? (parsed as { scripts?: Record<string, unknown> })
      : null;
  } catch {
    return null;
  }
};

/** The plan from the bundle's files (a bundle a deploy cannot read is not built, with why). */
const planOf = async (mvpId: string, versionId: string, fileKey: string): Promise<BuildPlan> => {
  const [{ readBundleFiles, BundleReadError }, { detectSiteSettings }] = await Promise.all([
    import('../../deployments/bundle-files'),
    import('../../deployments/site-settings'),
  ]);
  let files;
  try {
    files = await readBundleFiles(fileKey);
  } catch (error) {
    if (error instanceof BundleReadError) return notBuilt(error.message);
    throw error;
  }
  const byPath = new Map(files.map((file) => [file.path, file]));
  const readText = async (path: string, max = MAX_MANIFEST_BYTES) => {
    const file = byPath.get(path);
    if (!file || file.size > max) return null;
    return Buffer.from(await file.read()).toString('utf8');
  };
  const paths = files.map((file) => file.path);
  const recorded = await getVersionSiteSettings(mvpId, versionId);
  const site =
    recorded?.settings ??
    (await detectSiteSettings({
      paths,
      read: async (path) => (await readText(path)) ?? '',
    }));
  const folder = projectFolderOf(paths, site);
  const manifestText = await readText(folder ? `${folder}/package.json` : 'package.json');
  const lock = lockFileOf(paths, folder);
  const yarnLockHead =
    lock?.packageManager === 'yarn'
      ? ((await readText(lock.path, 50 * 1024 * 1024))?.slice(0, 200) ?? undefined)
      : undefined;
  return planBuild({
    paths,
    packageJson: manifestText === null ? null : parseManifest(manifestText),
    yarnLockHead,
    site,
  });
};

/** Whose build it is (charged to them, RecordBuild) and the live version (its preview is kept). */
export interface PlannedOwner {
  seller_id: string;
  live_version_id: string | null;
}

export const planVersionBuild = async (
  event: unknown,
): Promise<PlannedBuild & { owner: PlannedOwner | null }> => {
  const { mvpId, versionId, fileKey } = planInputSchema.parse(event);
  const { MVP_FILES_BUCKET, LIVE_PREVIEWS_BUCKET } = config();
  const template = await getTemplateForBuild(mvpId);
  const owner = template
    ? { seller_id: template.sellerId, live_version_id: template.currentVersionId }
    : null;
  // The month's build minutes are checked before the bundle is read: a refused build costs nothing.
  const refusal =
    owner && LIVE_PREVIEWS_BUCKET ? await buildAllowance(owner.seller_id, new Date()) : null;
  const plan = !LIVE_PREVIEWS_BUCKET
    ? notBuilt('Builds are not set up in this deployment (no live previews bucket).')
    : refusal
      ? notBuilt(refusal)
      : await planOf(mvpId, versionId, fileKey);
  const environment = buildEnvironmentOf(
    plan,
    { bucket: MVP_FILES_BUCKET, key: fileKey },
    {
      bucket: LIVE_PREVIEWS_BUCKET ?? '',
      recordKey: buildRecordKey(mvpId, versionId),
      sitePrefix: previewSitePrefix(mvpId, versionId),
    },
  );
  logger.info('Build planned', {
    mvpId,
    versionId,
    build: plan.build,
    packageManager: plan.package_manager,
    framework: plan.framework,
  });
  return { ...plan, planned_at: new Date().toISOString(), environment, owner };
};

export const handler = taskHandler('processing/plan-build', planVersionBuild);
