/**
 * What other domains may use of the stored reports (the repo stays private to this domain): the
 * daily re-check (lambdas/security-alerts) reads every report of a template with its dependency
 * list and writes the report back through here; the upgrade pull request and the free download
 * of a fixed version ask which advisories one version fixes against another.
 */
import type { SecurityFinding } from '../../contract/security';
import { listSecurityReports, type SecurityReportItem } from './repo';

export {
  getSecurityReport,
  listSecurityReports,
  putSecurityReport,
  readPackages,
  type PinnedPackage,
  type SecurityReportItem,
} from './repo';

/**
 * The findings of `older` that `newer` no longer has, one per advisory (most severe first, as the
 * report lists them). Empty unless both were checked: a version whose dependencies were not looked
 * up fixes nothing we can vouch for.
 */
export const fixedFindings = (
  older: SecurityReportItem | undefined,
  newer: SecurityReportItem | undefined,
): SecurityFinding[] => {
  if (older?.status !== 'checked' || newer?.status !== 'checked') return [];
  const remaining = new Set(newer.findings.map((finding) => finding.advisory_id));
  const seen = new Set<string>();
  return older.findings.filter((finding) => {
    if (remaining.has(finding.advisory_id) || seen.has(finding.advisory_id)) return false;
    seen.add(finding.advisory_id);
    return true;
  });
};

/**
 * A template's reports by version number (the latest report when a number was uploaded twice),
 * for comparing the version a buyer has with the live one.
 */
export const reportsByVersionNumber = async (
  templateId: string,
): Promise<Map<string, SecurityReportItem>> => {
  const byNumber = new Map<string, SecurityReportItem>();
  // Version ids are ULIDs, so the reports come oldest first and a later one replaces an earlier.
  for (const report of await listSecurityReports(templateId))
    byNumber.set(report.version_number, report);
  return byNumber;
};

/** The advisories that `to` fixes against `from`, both version numbers of one template. */
export const findingsFixedBetween = async (
  templateId: string,
  from: string,
  to: string,
): Promise<SecurityFinding[]> => {
  const reports = await reportsByVersionNumber(templateId);
  return fixedFindings(reports.get(from), reports.get(to));
};
