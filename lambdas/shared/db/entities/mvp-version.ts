/**
 * MvpVersion: one immutable item per uploaded or synced version of a template, in the template's
 * own partition (docs/data-model.md §3.3). Kept out of the MVP item so that item stays small: it is
 * rewritten by every download and review and read in full by every browse-cache reload.
 *
 * - byMvp (table): pk `mvp_id`, sk `id` (a ULID, so newest last) → history of a template, one version
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const MvpVersionEntity = new Entity(
  {
    model: { entity: 'mvpVersion', version: '1', service: SERVICE },
    attributes: {
      mvp_id: { type: 'string', required: true },
      id: { type: 'string', required: true },
      version_number: { type: 'string', required: true },
      changelog: { type: 'string' },
      ipfs_hash: { type: 'string' },
      file_key: { type: 'string', required: true },
      file_size: { type: 'number', required: true },
      original_file_name: { type: 'string' },
      source: { type: ['upload', 'github_sync'] as const, required: true, default: 'upload' },
      github_commit_sha: { type: 'string' },
      uploaded_at: { type: 'string', required: true },
    },
    indexes: {
      byMvp: {
        pk: { field: 'pk', composite: ['mvp_id'] },
        sk: { field: 'sk', composite: ['id'] },
      },
    },
  },
  entityConfig(),
);
