/**
 * Version builds (docs/data-model.md, "VersionBuild"; docs/operations.md, "Version builds and
 * previews"): the record of each version's build, stored by the processing pipeline's RecordBuild
 * step, and read by the template page, the seller's dashboard and the admin review with the
 * previous version's build beside it ("built in 48 s, was 41 s"). A leaf domain: it reads and
 * writes its own item and the record file, nothing of another domain. Light on purpose: the
 * domains that show a build bundle this; checking a record a build wrote is record-file.ts.
 */
import type { BuildRecordFile } from '../../contract/design/build';
import type { CaptureViewport } from '../../contract/design/capture';
import {
  getBuildBefore,
  getVersionBuild,
  putVersionBuild,
  readBuildPictureFile,
  type VersionBuildItem,
} from './repo';

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

/** VB1: a version's build alone (null: none yet), for the seller's Rebuild. */
export const getBuildOf = (templateId: string, versionId: string): Promise<VersionBuild | null> =>
  getVersionBuild(templateId, versionId);

/**
 * Whether a build's live preview is published: a static site whose preview was neither withheld
 * (the month's preview storage) nor retired (previews.ts).
 */
export const hasLivePreview = (
  build: Pick<VersionBuild, 'outcome' | 'static_site' | 'preview_withheld' | 'preview_retired_at'>,
): boolean =>
  build.outcome === 'built' &&
  build.static_site &&
  !build.preview_withheld &&
  !build.preview_retired_at;

/** A build's picture of `viewport` as the record names it, or null when it took none. */
export const pictureOf = (build: VersionBuild | null, viewport: CaptureViewport) =>
  build?.outcome === 'built'
    ? (build.screenshots?.find((shot) => shot.viewport === viewport) ?? null)
    : null;

/** The PNG of a build's picture (null: none taken, or removed with the record's folder). */
export const readBuildPicture = async (
  build: VersionBuild | null,
  viewport: CaptureViewport,
): Promise<Uint8Array | null> => {
  const picture = pictureOf(build, viewport);
  return picture ? readBuildPictureFile(picture.key) : null;
};
