/**
 * Version builds' data access (docs/data-model.md, "VersionBuild"): the build item per version in
 * the template's partition, and the build record a build wrote to the live previews' bucket.
 */
import { config } from '../shared/config';
import { VersionBuildEntity, type VersionBuildItem } from '../shared/db/entities/version-build';
import { readObject } from '../shared/storage/s3';

export type { VersionBuildItem };

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

/** The bytes of a picture a build took (beside its record), or null when it is gone. */
export const readBuildPictureFile = async (key: string): Promise<Uint8Array | null> => {
  const bucket = config().LIVE_PREVIEWS_BUCKET;
  if (!bucket) return null;
  return readObject(bucket, key);
};
