/**
 * Version builds (docs/data-model.md, "VersionBuild"; docs/operations.md, "Version builds and
 * previews"): the record of each version's build, stored by the processing pipeline's RecordBuild
 * step, and read by the template page, the seller's dashboard and the admin review with the
 * previous version's build beside it ("built in 48 s, was 41 s"). A leaf domain: it reads and
 * writes its own item and the record file, nothing of another domain.
 */
import type { BuildRecordFile } from '../../contract/design/build';
import { logger } from '../shared/observability';
import {
  getBuildBefore,
  getVersionBuild,
  putVersionBuild,
  readBuildRecordFile,
  type VersionBuildItem,
} from './repo';
import { buildRecordFileSchema } from './schema';

export type VersionBuild = VersionBuildItem;

/** A version's build and the build of the version before it, for the comparison. */
export interface BuildWithPrevious {
  build: VersionBuild | null;
  previous: VersionBuild | null;
}

/** Stores a version's build record (a rebuild replaces it). */
export const recordVersionBuild = async (
  templateId: string,
  versionId: string,
  record: BuildRecordFile,
): Promise<VersionBuild> => {
  const item: VersionBuild = {
    ...record,
    mvp_id: templateId,
    version_id: versionId,
    recorded_at: new Date().toISOString(),
  };
  await putVersionBuild(item);
  return item;
};

/**
 * The record a build wrote at `key`, checked; null when it wrote none, when the record is not a
 * valid one (logged), or when it is older than `notBefore` (a record of an earlier build of the
 * same version, left behind by a build that then wrote none).
 */
export const readWrittenRecord = async (
  key: string,
  notBefore?: string,
): Promise<BuildRecordFile | null> => {
  const text = await readBuildRecordFile(key);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    logger.warn('Build record is not JSON', { key });
    return null;
  }
  const result = buildRecordFileSchema.safeParse(parsed);
  if (!result.success) {
    logger.warn('Build record is not valid', { key, issues: result.error.issues.length });
    return null;
  }
  const record = result.data;
  if (notBefore && record.finished_at && record.finished_at < notBefore) return null;
  return record;
};

/** VB1 and VB2: a version's build and the previous version's, for the pages and the review. */
export const getBuildWithPrevious = async (
  templateId: string,
  versionId: string,
): Promise<BuildWithPrevious> => {
  const [build, previous] = await Promise.all([
    getVersionBuild(templateId, versionId),
    getBuildBefore(templateId, versionId),
  ]);
  return { build, previous };
};
