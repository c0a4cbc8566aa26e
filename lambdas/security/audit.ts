/**
 * The audit of one list of pinned packages against OSV: one querybatch lookup for all of them
 * (in batches of 1,000), then each distinct advisory read once, then one finding per (advisory,
 * package version), with its severity, fix and whether the template names the package itself.
 */
import { SEVERITIES, advisoryUrl, type SecurityFinding } from '../../contract/security';
import type { OsvClient, OsvVulnerability } from './osv';
import type { PinnedPackage } from './repo';
import { severityOf } from './severity';
import { fixedVersionFor } from './versions';

/** One sentence: the summary, else the first sentence of the details, else the id. */
const summaryOf = (record: OsvVulnerability) => {
  const text = record.summary?.trim() || record.details?.split(/(?<=\.)\s/)[0]?.trim() || '';
  const sentence = text || `Advisory ${record.id}.`;
  return sentence.length > 300 ? `${sentence.slice(0, 297)}...` : sentence;
};

export const findingOf = async (
  pkg: PinnedPackage,
  record: OsvVulnerability,
): Promise<SecurityFinding> => ({
  advisory_id: record.id,
  aliases: record.aliases ?? [],
  ecosystem: pkg.ecosystem,
  package: pkg.name,
  version: pkg.version,
  ...(await severityOf(record)),
  summary: summaryOf(record),
  fixed_version: fixedVersionFor(pkg.ecosystem, pkg.name, pkg.version, record.affected ?? []),
  direct: pkg.direct,
  url: advisoryUrl(record.id),
});

/** Most severe first, then by package name, then by advisory. */
export const sortFindings = (findings: SecurityFinding[]): SecurityFinding[] =>
  findings.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      a.package.localeCompare(b.package) ||
      a.version.localeCompare(b.version) ||
      a.advisory_id.localeCompare(b.advisory_id),
  );

/** The findings of `packages`; throws OsvUnavailableError when OSV does not answer. */
export const auditPackages = async (
  client: OsvClient,
  packages: readonly PinnedPackage[],
): Promise<SecurityFinding[]> => {
  if (packages.length === 0) return [];
  const ids = await client.queryBatch(packages);
  const records = await client.getVulnerabilities(ids.flat());
  const findings = await Promise.all(
    packages.flatMap((pkg, index) =>
      (ids[index] ?? []).flatMap((id) => {
        const record = records.get(id);
        return record ? [findingOf(pkg, record)] : [];
      }),
    ),
  );
  return sortFindings(findings);
};
