/**
 * VersionBuild: one item per built (or not built) version, in the template's own partition beside
 * its versions and security reports (docs/data-model.md, "VersionBuild"). Written by the
 * processing pipeline's RecordBuild step from the record the build wrote
 * (contract/design/build.ts), replaced by a rebuild; read by the template page, the seller's
 * dashboard and the admin review, with the previous version's build for the comparison ("built in
 * 48 s, was 41 s").
 *
 * - byMvp (table): pk `mvp_id`, sk `version_id` (a ULID, so oldest first) → one version's build;
 *   the build of the version before it (sk below, newest first, one item)
 */
import type { BuildRecordFile } from '../../../../contract/design/build';
import { defineEntity } from '../entity';

export interface VersionBuildItem extends BuildRecordFile {
  mvp_id: string;
  version_id: string;
  /** When the pipeline stored it. */
  recorded_at: string;
  /**
   * Why a static site's preview was not published (the seller's preview storage for the month was
   * used up: contract/design/live-previews.ts); absent when it was, or when there is none.
   */
  preview_withheld?: string;
  /** When its preview's objects were tagged for removal (no longer among the kept versions). */
  preview_retired_at?: string;
}

export const VersionBuildEntity = defineEntity<VersionBuildItem>()({
  entity: 'versionBuild',
  version: '1',
  indexes: {
    byMvp: { pk: ['mvp_id'], sk: ['version_id'] },
  },
});
