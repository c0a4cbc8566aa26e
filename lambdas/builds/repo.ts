/**
 * Version builds' data access (docs/data-model.md, "VersionBuild"): the build item per version in
 * the template's partition, and the build record a build wrote to the live previews' bucket.
 */
import { config } from '../shared/config';
import { BuildUsageEntity, type BuildUsageItem } from '../shared/db/entities/build-usage';
import { VersionBuildEntity, type VersionBuildItem } from '../shared/db/entities/version-build';
import { transactWrite } from '../shared/db/transaction';
import { readObject } from '../shared/storage/s3';

export type { BuildUsageItem, VersionBuildItem };

/** VB1: one version's build. */
export const getVersionBuild = async (
  templateId: string,
  versionId: string,
): Promise<VersionBuildItem | null> => {
  const { data } = await VersionBuildEntity.get({ mvp_id: templateId, version_id: versionId }).go();
  return data;
};

/** VB2: the build of the newest version before `versionId` (version ids are ULIDs). */
export const getBuildBefore = async (
  templateId: string,
  versionId: string,
): Promise<VersionBuildItem | null> => {
  // Between this entity's first key and this version's (inclusive, so skipped): a bare `<` would
  // reach the other entities that share the template's partition.
  const { data } = await VersionBuildEntity.query
    .byMvp({ mvp_id: templateId })
    .between({ version_id: '' }, { version_id: versionId })
    .go({ order: 'desc', limit: 2 });
  return data.find((item) => item.version_id !== versionId) ?? null;
};

/** VB3: stores (or replaces: a rebuild) a version's build. */
export const putVersionBuild = async (item: VersionBuildItem): Promise<void> => {
  await VersionBuildEntity.put(item).go();
};

/** The text of the record a build wrote, or null when it wrote none (or no bucket is set). */
export const readBuildRecordFile = async (key: string): Promise<string | null> => {
  const bucket = config().LIVE_PREVIEWS_BUCKET;
  if (!bucket) return null;
  const bytes = await readObject(bucket, key);
  return bytes ? Buffer.from(bytes).toString('utf8') : null;
};

/** VB4: every build of a template, newest first (the previews to keep and to retire). */
export const listTemplateBuilds = async (templateId: string): Promise<VersionBuildItem[]> => {
  const { data } = await VersionBuildEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/** VB5: notes that a version's preview was retired (its objects tagged for removal). */
export const markPreviewRetired = async (
  templateId: string,
  versionId: string,
  at: string,
): Promise<void> => {
  await VersionBuildEntity.patch({ mvp_id: templateId, version_id: versionId })
    .set({ preview_retired_at: at })
    .go();
};

/** BU1: one seller's build usage of one month (null: nothing used yet). */
export const getBuildUsage = async (
  sellerId: string,
  month: string,
): Promise<BuildUsageItem | null> => {
  const { data } = await BuildUsageEntity.get({ seller_id: sellerId, month }).go();
  return data;
};

/**
 * VB3 with BU2: stores a version's build and charges its seller's month in one transaction, once
 * per build: the build item's condition (no stored build of this version started at the same
 * time) fails on a retried step, and then nothing is charged again. False: it was stored already.
 */
export const putVersionBuildCharged = async (
  item: VersionBuildItem,
  charge: { sellerId: string; month: string; buildMs: number; previewBytes: number },
): Promise<boolean> => {
  const monthStart = Date.parse(`${charge.month}-01T00:00:00Z`);
  const result = await transactWrite({
    build: VersionBuildEntity.put(item).where(
      ({ started_at }, { notExists, ne }) =>
        `${notExists(started_at)} OR ${ne(started_at, item.started_at)}`,
    ),
    usage: BuildUsageEntity.upsert({ seller_id: charge.sellerId, month: charge.month })
      .add({ build_ms: charge.buildMs, builds: 1, preview_bytes: charge.previewBytes })
      .set({
        updated_at: item.recorded_at,
        expires_at: Math.floor(monthStart / 1000) + 400 * 24 * 60 * 60,
      }),
  });
  if (!result.canceled) return true;
  if (result.failed('build') === 'ConditionalCheckFailed') return false;
  // A conflict with another write of the same items: the step's retry records it again.
  throw new Error(`The build could not be stored: ${JSON.stringify(result.codes)}`);
};

/** The bytes of a picture a build took (beside its record), or null when it is gone. */
export const readBuildPictureFile = async (key: string): Promise<Uint8Array | null> => {
  const bucket = config().LIVE_PREVIEWS_BUCKET;
  if (!bucket) return null;
  return readObject(bucket, key);
};
