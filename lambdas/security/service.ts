/**
 * Security reports, the read side: the report of one version for the API, the pages and the other
 * domains (`getReport`, `worstFindingSeverity`). Light on purpose: the API function and every
 * domain that shows a badge bundle this, not the parsers and the OSV client of the audit
 * (audit-version.ts). docs/architecture.md, "Security reports".
 */
import {
  SECURITY_MESSAGES,
  countBySeverity,
  worstSeverity,
  type SecurityReport,
  type Severity,
} from '../../contract/security';
import type { UserProfile } from '../../contract/profile';
import { mayActAsOwner } from '../shared/auth/access';
import { ForbiddenError, NotFoundError } from '../shared/errors';
import { getSecurityReport, listSecurityReports, type SecurityReportItem } from './repo';
import { getTemplate, listTemplateVersions } from './template-read-repo';

export const FORBIDDEN_MESSAGE =
  'Only the seller of this template or an admin can see this report.';

export const toSecurityReport = (item: SecurityReportItem): SecurityReport => ({
  mvp_id: item.mvp_id,
  version_id: item.version_id,
  version_number: item.version_number,
  status: item.status,
  checked_at: item.checked_at ?? null,
  lock_files: item.lock_files,
  unreadable_lock_files: item.unreadable_lock_files ?? [],
  dependencies: { direct: item.direct_count, transitive: item.transitive_count },
  findings: item.findings,
  counts: countBySeverity(item.findings),
  upload_scan: item.upload_scan ?? null,
});

/** One version's report, or null (for the other domains: the admin queue, the pages). */
export const getReport = async (mvpId: string, versionId: string) => {
  const item = await getSecurityReport(mvpId, versionId);
  return item ? toSecurityReport(item) : null;
};

/** The worst severity among a version's findings (null: none, or no report). */
export const worstFindingSeverity = async (
  mvpId: string,
  versionId: string,
): Promise<Severity | null> => {
  const item = await getSecurityReport(mvpId, versionId);
  return item ? worstSeverity(item.findings) : null;
};

/** The version a live template serves: the one whose bundle the template item points at. */
const liveVersionId = async (mvpId: string): Promise<string | null> => {
  const template = await getTemplate(mvpId);
  if (!template || template.status !== 'approved' || !template.file_key) return null;
  const versions = await listTemplateVersions(mvpId);
  const live = versions.filter((version) => version.file_key === template.file_key).pop();
  return live?.id ?? null;
};

/** `GET /api/mvps/{id}/security`: the live version's report of an approved template. */
export const getLiveReport = async (mvpId: string): Promise<SecurityReport> => {
  const versionId = await liveVersionId(mvpId);
  const report = versionId ? await getReport(mvpId, versionId) : null;
  if (!report) throw new NotFoundError(SECURITY_MESSAGES.notFound);
  return report;
};

/** `GET /api/mvps/{id}/versions/{versionId}/security`: any version, for its seller or an admin. */
export const getVersionReportFor = async (
  caller: UserProfile,
  mvpId: string,
  versionId: string,
): Promise<SecurityReport> => {
  const template = await getTemplate(mvpId);
  if (!template) throw new NotFoundError(SECURITY_MESSAGES.notFound);
  if (!mayActAsOwner(caller, template.seller_id)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  const report = await getReport(mvpId, versionId);
  if (!report) throw new NotFoundError(SECURITY_MESSAGES.notFound);
  return report;
};

/**
 * `GET /api/mvps/{id}/security/newest`: the report of the newest version that has one, for the
 * seller's My MVPs and edit page, whether it is live, in review over a live one, or a first
 * version that never went live (held, or failed after its audit). A version the seller withdrew
 * is passed over. The report names its version, which the pages show beside it.
 */
export const getNewestReportFor = async (
  caller: UserProfile,
  mvpId: string,
): Promise<SecurityReport> => {
  const template = await getTemplate(mvpId);
  if (!template) throw new NotFoundError(SECURITY_MESSAGES.notFound);
  if (!mayActAsOwner(caller, template.seller_id)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
  const [reports, versions] = await Promise.all([
    listSecurityReports(mvpId),
    listTemplateVersions(mvpId),
  ]);
  const withdrawn = new Set(
    versions.filter((version) => version.status === 'withdrawn').map((version) => version.id),
  );
  // Version ids are ULIDs: the reports come oldest first.
  const newest = reports.filter((report) => !withdrawn.has(report.version_id)).pop();
  if (!newest) throw new NotFoundError(SECURITY_MESSAGES.notFound);
  return toSecurityReport(newest);
};
