/**
 * The live version's build on the template item, which the card's build badge on `/mvps` and the
 * home page is made from (docs/data-model.md, "MVP (exists) and MvpVersion", `live_build`). The
 * builds domain keeps each version's record; the templates domain owns the item, so every caller
 * (processing's RecordBuild and Publish, an admin's approval) goes through here. As the security
 * badge (security-severity.ts): written for the version the template serves, never for a version
 * on its way, which changes the card only once it is live.
 */
import type { CardBuild } from '../../contract/catalog';
import { getBuildOf } from '../builds/service';
import { logger } from '../shared/observability';
import { bumpCatalogVersion, getTemplateById, getVersion, setLiveBuild } from './repo';

export type LiveBuildOutcome = 'recorded' | 'unchanged' | 'not_live';

/**
 * Records `build` as the template's live build, only when `versionId` is its live version (the
 * template is approved and serves that version's file). A change moves `updated_at` and the
 * catalog version, as any change of a card does, so every browse cache shows it at its next read.
 */
export const recordLiveBuild = async (
  templateId: string,
  versionId: string,
  build: CardBuild,
  now = new Date().toISOString(),
): Promise<LiveBuildOutcome> => {
  const [template, version] = await Promise.all([
    getTemplateById(templateId),
    getVersion(templateId, versionId),
  ]);
  const fileKey = template?.file_key;
  if (!template || !version || template.status !== 'approved' || !fileKey) return 'not_live';
  if (fileKey !== version.file_key) return 'not_live';
  const current = template.live_build;
  if (
    current?.file_key === fileKey &&
    current.outcome === build.outcome &&
    (current.package_manager ?? null) === build.package_manager
  ) {
    return 'unchanged';
  }
  const recorded = await setLiveBuild(
    templateId,
    fileKey,
    {
      file_key: fileKey,
      outcome: build.outcome,
      ...(build.package_manager ? { package_manager: build.package_manager } : {}),
    },
    now,
  );
  if (!recorded) return 'not_live';
  await bumpCatalogVersion(0, now);
  return 'recorded';
};

/**
 * Once a version went live (processing's Publish, an admin's approval): its build, recorded by the
 * pipeline before Publish, on the template. Best effort: the version is published either way, and
 * a card without it shows no build badge until a rebuild records one.
 */
export const recordPublishedBuild = async (templateId: string, versionId: string) => {
  try {
    const build = await getBuildOf(templateId, versionId);
    if (!build) return;
    await recordLiveBuild(templateId, versionId, {
      outcome: build.outcome,
      package_manager: build.package_manager,
    });
  } catch (error) {
    logger.warn('The live build could not be recorded', { templateId, versionId, error });
  }
};
