/**
 * SecurityReport: one item per audited version, in the template's own partition beside its
 * versions (docs/data-model.md, "Security reports"). Written by the processing pipeline's Audit
 * step and by later re-checks; read by the template page, the seller's dashboard and the admin
 * queue. The version's dependency list itself is not here but in an S3 object (`packages_key`):
 * a large lock file gives thousands of packages, which would make every read of the report pay
 * for a list only a re-check needs.
 *
 * - byMvp (table): pk `mvp_id`, sk `version_id` → one version's report; every report of a template
 */
import type {
  AuditStatus,
  SecurityFinding,
  UnreadableLockFile,
  UploadScanSummary,
} from '../../../../contract/security';
import { defineEntity } from '../entity';

export interface SecurityReportItem {
  mvp_id: string;
  version_id: string;
  version_number: string;
  status: AuditStatus;
  /** When the advisories were last looked up; absent while never checked. */
  checked_at?: string;
  lock_files: string[];
  /** Lock files found but not read, with why (absent on reports written before it was kept). */
  unreadable_lock_files?: UnreadableLockFile[];
  direct_count: number;
  transitive_count: number;
  /** Most severe first, then by package name. */
  findings: SecurityFinding[];
  /** The dependency list in the private files bucket (absent: no lock file was read). */
  packages_key?: string;
  upload_scan?: UploadScanSummary;
  /** How many manifest lines named a package without an exact version (requirements.txt). */
  unpinned_count?: number;
  created_at: string;
  updated_at: string;
}

export const SecurityReportEntity = defineEntity<SecurityReportItem>()({
  entity: 'securityReport',
  version: '1',
  indexes: {
    byMvp: { pk: ['mvp_id'], sk: ['version_id'] },
  },
});
