/**
 * MvpVersion: one immutable item per uploaded or synced version of a template, in the template's
 * own partition (docs/data-model.md §3.3). Kept out of the MVP item so that item stays small: it is
 * rewritten by every download and review and read in full by every browse-cache reload.
 *
 * - byMvp (table): pk `mvp_id`, sk `id` (a ULID, so newest last) → history of a template, one version
 */
import { defineEntity } from '../entity';

export interface MvpVersionItem {
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
}

export const MvpVersionEntity = defineEntity<MvpVersionItem>()({
  entity: 'mvpVersion',
  version: '1',
  defaults: { source: 'upload' },
  indexes: {
    byMvp: { pk: ['mvp_id'], sk: ['id'] },
  },
});
