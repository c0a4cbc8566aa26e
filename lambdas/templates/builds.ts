/**
 * The seller's Rebuild of a template's newest version (contract/builds.ts; the records are the
 * builds domain's, the pages' reads the security Lambda's, lambdas/security/builds.ts): the
 * pipeline's build steps alone (`startRebuild`), refused in words while the version is processed,
 * after a refused scan, without a version, or while a rebuild runs. A rebuild runs from its claim
 * on the version (`build_requested_at`, a conditional update, so two presses start one build)
 * until a build record newer than it is stored (RecordBuild replaces the record) or
 * `REBUILD_RUNNING_MINUTES` pass. The claim's writes are rebuild-repo.ts.
 */
import {
  REBUILD_MESSAGES,
  REBUILD_RUNNING_MINUTES,
  newestBuildableVersion,
  rebuildRefusal,
  type RebuildResult,
} from '../../contract/builds';
import type { UserProfile } from '../../contract/profile';
import { TEMPLATE_MESSAGES } from '../../contract/template-messages';
import { getBuildOf, type VersionBuild } from '../builds/service';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
} from '../shared/errors';
import { logger } from '../shared/observability';
import { startRebuild } from './processing-start';
import { claimVersionRebuild, releaseVersionRebuild } from './rebuild-repo';
import { getTemplateById, listVersions, type TemplateVersionItem } from './repo';

/**
 * Claims the version's rebuild: holds only when no rebuild was asked since the version's last
 * build record, or the last ask is past its time limit (`force`: whatever holds it).
 */
const claimRebuild = async (
  version: TemplateVersionItem,
  build: VersionBuild | null,
  now: string,
  force: boolean,
): Promise<boolean> => {
  if (force) return claimVersionRebuild(version, now, null);
  const expired = new Date(Date.parse(now) - REBUILD_RUNNING_MINUTES * 60_000).toISOString();
  const since = build && build.recorded_at > expired ? build.recorded_at : expired;
  return claimVersionRebuild(version, now, since);
};

/**
 * Starts a version's rebuild unless one runs: claims it, then starts the pipeline's build steps.
 * The seller's Rebuild and the local seed's demo build. Resolves to the claim's time, or null when
 * another rebuild holds it. `force`: a claim left by a stack that stopped mid-build (the local seed,
 * at a start, knows that no build of its own runs) is taken over.
 */
export const startVersionRebuild = async (
  version: TemplateVersionItem,
  build: VersionBuild | null,
  options: { force?: boolean } = {},
): Promise<string | null> => {
  const now = new Date().toISOString();
  if (!(await claimRebuild(version, build, now, options.force ?? false))) return null;
  try {
    await startRebuild({ mvpId: version.mvp_id, versionId: version.id, fileKey: version.file_key });
  } catch (error) {
    // Gives the claim back, so Rebuild is offered again at once.
    await releaseVersionRebuild(version, now).catch((releaseError: unknown) => {
      logger.error('Could not release the rebuild claim', releaseError as Error);
    });
    throw error;
  }
  return now;
};

/** `POST /api/mvps/{id}/rebuild`: the owner rebuilds the newest version (409 while one runs). */
export const rebuildNewestVersion = async (
  caller: UserProfile,
  templateId: string,
): Promise<RebuildResult> => {
  const template = await getTemplateById(templateId);
  if (!template || template.status === 'archived') {
    throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
  }
  // The owner's own action: admin rights read the report, they do not spend a seller's builds.
  if (template.seller_id !== caller.id) throw new ForbiddenError(REBUILD_MESSAGES.notOwner);
  const version = newestBuildableVersion(await listVersions(template.id));
  if (!version) throw new ConflictError(REBUILD_MESSAGES.noVersion);
  const build = await getBuildOf(template.id, version.id);
  const refusal = rebuildRefusal(version, build, Date.now());
  if (refusal) throw new ConflictError(refusal);
  const claimed = await startVersionRebuild(version, build).catch((error: unknown) => {
    logger.error('Rebuild did not start', error instanceof Error ? error : String(error));
    throw new ServiceUnavailableError(REBUILD_MESSAGES.notStarted);
  });
  if (!claimed) throw new ConflictError(REBUILD_MESSAGES.alreadyRunning(version.version_number));
  return { message: REBUILD_MESSAGES.started(version.version_number) };
};
