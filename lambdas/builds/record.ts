/**
 * Recording a build whose seller is known (the pipeline's RecordBuild step): the build is charged
 * to the seller's month once, however often the step is retried; a static site past the month's
 * preview storage is withheld (its files tagged for removal); and the previews of versions past
 * the template's newest are retired (previews.ts). Apart from service.ts, whose reads the pages
 * bundle, so they do not bring the storage listing and tagging along.
 */
import type { BuildRecordFile } from '../../contract/design/build';
import { previewRetention, usageMonthOf } from '../../contract/design/live-previews';
import { previewAllowance, retirePreviews, tagPreviewRetired } from './previews';
import { putVersionBuild, putVersionBuildCharged } from './repo';
import type { VersionBuild } from './service';

/** Whose build it is and which version keeps its preview (PlanBuild reads the template). */
export interface BuildOwner {
  sellerId: string;
  /** The template's live version, whose preview is kept whatever is newer. */
  liveVersionId: string | null;
}

export const recordOwnedBuild = async (
  templateId: string,
  versionId: string,
  record: BuildRecordFile,
  owner: BuildOwner,
  now: Date = new Date(),
): Promise<VersionBuild> => {
  const item: VersionBuild = {
    ...record,
    mvp_id: templateId,
    version_id: versionId,
    recorded_at: now.toISOString(),
  };
  // Nothing ran (not built): nothing to charge, no preview.
  if (!record.started_at) {
    await putVersionBuild(item);
    return item;
  }
  const preview = record.static_site
    ? await previewAllowance(owner.sellerId, record.output_bytes ?? 0, now)
    : { bytes: 0 };
  if (preview.withheld) item.preview_withheld = preview.withheld;
  await putVersionBuildCharged(item, {
    sellerId: owner.sellerId,
    month: usageMonthOf(now),
    buildMs: (record.install_ms ?? 0) + (record.build_ms ?? 0),
    previewBytes: preview.bytes,
  });
  if (preview.withheld) await tagPreviewRetired(templateId, versionId);
  await retirePreviews(
    templateId,
    {
      versionIds: [versionId, ...(owner.liveVersionId ? [owner.liveVersionId] : [])],
      newest: previewRetention.keptVersions,
    },
    now,
  );
  return item;
};
