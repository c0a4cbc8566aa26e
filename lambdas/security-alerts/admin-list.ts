/**
 * The admin's list of live templates whose live version has known advisories (the dashboard's
 * Security tab, `GET /api/admin/security-advisories`): the live templates whose recorded worst
 * severity (the card's, kept by Publish, approval and the daily re-check) says they have any, each
 * with its live version's report and how many buyers hold that version. Reads the template index
 * once, then only the few templates with advisories.
 */
import {
  SEVERITIES,
  countBySeverity,
  worstSeverity,
  type SecurityFinding,
} from '../../contract/security';
import type { LiveAdvisory, LiveTemplateAdvisories } from '../../contract/security-alerts';
import { listLiveTemplates } from '../catalog/live-templates';
import { mapWithConcurrency } from '../shared/concurrency';
import { getPublicSellerSummaries } from '../profiles/service';
import { reportsByVersionNumber } from '../security/stored-reports';
import { holdersOfTemplate } from './alerts';

/** Templates whose reports and holders are read at once. */
const CONCURRENCY = 8;

const advisoryOf = (finding: SecurityFinding): LiveAdvisory => ({
  advisory_id: finding.advisory_id,
  severity: finding.severity,
  package: finding.package,
  version: finding.version,
  fixed_version: finding.fixed_version,
  summary: finding.summary,
  url: finding.url,
});

export const listLiveTemplateAdvisories = async (): Promise<{
  items: LiveTemplateAdvisories[];
}> => {
  const flagged = (await listLiveTemplates()).filter((head) => head.security_severity);
  const sellers = await getPublicSellerSummaries(flagged.map((head) => head.seller_id));
  const items = await mapWithConcurrency(flagged, CONCURRENCY, async (head) => {
    const [reports, holders] = await Promise.all([
      reportsByVersionNumber(head.id),
      holdersOfTemplate(head.id),
    ]);
    const report = reports.get(head.version_number);
    const severity = report?.status === 'checked' ? worstSeverity(report.findings) : null;
    if (!report || !severity) return [];
    const holding = [...(holders.get(head.version_number) ?? [])].filter(
      (userId) => userId !== head.seller_id,
    );
    const item: LiveTemplateAdvisories = {
      mvp_id: head.id,
      title: head.title,
      seller_id: head.seller_id,
      seller_username: sellers.get(head.seller_id)?.username ?? null,
      version_number: head.version_number,
      severity,
      counts: countBySeverity(report.findings),
      checked_at: report.checked_at ?? null,
      holders: holding.length,
      advisories: report.findings.map(advisoryOf),
    };
    return [item];
  });
  return {
    items: items
      .flat()
      .sort(
        (a, b) =>
          SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
          a.title.localeCompare(b.title),
      ),
  };
};
