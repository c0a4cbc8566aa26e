/**
 * MvpVersion: one item per uploaded or synced version of a template, in the template's own
 * partition (docs/data-model.md, section 3.3). Kept out of the MVP item so that item stays small: it is
 * rewritten by every download and review and read in full by every browse-cache reload.
 *
 * The file, number and changelog never change once written; the version's own `status` moves
 * (processing → pending_review → approved, or a failure), so a newer version is scanned and
 * reviewed while the template keeps serving its live one. Rows written before versions had a
 * status have none: they are the live version or an older one.
 *
 * - byMvp (table):    pk `mvp_id`, sk `id` (a ULID, so newest last) → history of a template, one version
 * - byStatus (gsi2):  pk `status`, sk `uploaded_at`                → the admin queue's versions of
 *   live templates waiting for review (the sort key's `$mvpversion_1` prefix keeps them apart from
 *   the templates in the same status partitions)
 */
import type { SiteSettings } from '../../../../contract/site-settings';
import type { VERSION_STATUSES } from '../../../../contract/templates';
import { defineEntity } from '../entity';

export interface TemplateVersionItem {
  mvp_id: string;
  id: string;
  version_number: string;
  changelog?: string;
  ipfs_hash?: string;
  file_key: string;
  file_size: number;
  original_file_name?: string;
  source: 'upload' | 'github_sync';
  github_commit_sha?: string;
  uploaded_at: string;
  status?: (typeof VERSION_STATUSES)[number];
  /** Why processing failed, or the admin's reason for a rejection. */
  error?: string;
  /** When the version went live (or was rejected or withdrawn). */
  decided_at?: string;
  /**
   * How its files deploy on Netlify (framework, build command, publish folder, or a repository
   * only), detected once it passed the scan; absent on versions processed before detection.
   */
  site_settings?: SiteSettings;
  /**
   * When its seller last asked for a rebuild (lambdas/templates/builds.ts): the build counts as
   * running until a build record newer than it is stored, or its time limit passes.
   */
  build_requested_at?: string;
}

export const TemplateVersionEntity = defineEntity<TemplateVersionItem>()({
  entity: 'mvpVersion',
  version: '1',
  defaults: { source: 'upload' },
  indexes: {
    byMvp: { pk: ['mvp_id'], sk: ['id'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['uploaded_at'] },
  },
});
