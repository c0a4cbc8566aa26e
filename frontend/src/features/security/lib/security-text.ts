/**
 * What a version's security report says, in words: the one-line state (the template page's
 * headline, My MVPs), the findings grouped by severity, the upgrade that fixes each and what the
 * upload scan checked. Pure, so the page, the seller's views and the admin's queue say the same.
 */
import {
  SECURITY_MESSAGES,
  SEVERITIES,
  SEVERITY_LABELS,
  type SecurityFinding,
  type SecurityReport,
  type Severity,
} from '@contract/security';
import type { TemplateStatus } from '@contract/catalog';
import { VERSION_STATUS_LABELS, type PendingVersionSummary } from '@contract/template-versions';
import { formatCount, formatDate } from '@/lib/format';

/**
 * What every live version passed before it was published: the upload scan's checks
 * (lambdas/processing/scanner), said once for buyers.
 */
export const UPLOAD_SCAN_CHECKS = [
  'no committed secrets: keys, tokens and secret values in .env files',
  'no executables or compiled libraries',
  'archive safety: no paths escaping the folder, no links, no nested archives, no zip bombs',
] as const;

export const uploadScanSentence = (report: Pick<SecurityReport, 'upload_scan'>): string => {
  const scan = report.upload_scan;
  const checks = scan?.checks.length ? scan.checks : UPLOAD_SCAN_CHECKS;
  const files = scan ? ` (${formatCount(scan.files_scanned)} files)` : '';
  return `The upload scan checked every file of this version${files}: ${checks.join('; ')}.`;
};

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

export const dependencyCount = (report: Pick<SecurityReport, 'dependencies'>): number =>
  report.dependencies.direct + report.dependencies.transitive;

/** "2 vulnerabilities: 1 critical, 1 high" (only the severities found). */
export const countsText = (report: {
  findings: readonly unknown[];
  counts: SecurityReport['counts'];
}): string => {
  const parts = SEVERITIES.filter((severity) => report.counts[severity] > 0).map(
    (severity) =>
      `${formatCount(report.counts[severity])} ${SEVERITY_LABELS[severity].toLowerCase()}`,
  );
  return `${plural(report.findings.length, 'known vulnerability', 'known vulnerabilities')}: ${parts.join(', ')}`;
};

/**
 * The report's state in one sentence: no findings ("No known vulnerabilities in 212
 * dependencies, checked 27 Nov 2026"), the counts, or why nothing could be checked.
 */
export const securityHeadline = (report: SecurityReport): string => {
  switch (report.status) {
    case 'not_checked':
      return SECURITY_MESSAGES.notChecked;
    case 'not_pinned':
      return SECURITY_MESSAGES.notPinned;
    case 'unreadable':
      return SECURITY_MESSAGES.unreadable;
    case 'no_dependencies':
      return SECURITY_MESSAGES.noDependencies;
    case 'checked': {
      const checked = report.checked_at ? `, checked ${formatDate(report.checked_at)}` : '';
      if (report.findings.length === 0) {
        return `No known vulnerabilities in ${plural(dependencyCount(report), 'dependency', 'dependencies')}${checked}`;
      }
      return `${countsText(report)}${checked}`;
    }
  }
};

/** The lock files the audit read, in one sentence ("Read from package-lock.json and uv.lock."). */
export const lockFilesSentence = (report: Pick<SecurityReport, 'lock_files'>): string | null => {
  const files = report.lock_files;
  if (files.length === 0) return null;
  const list =
    files.length === 1
      ? files[0]!
      : `${files.slice(0, -1).join(', ')} and ${files[files.length - 1]!}`;
  return `Read from ${list}.`;
};

export const unreadableHeading = (count: number): string =>
  count === 1 ? 'A lock file could not be read:' : 'Lock files that could not be read:';

/** Each lock file found but not read, with why ("bun.lockb is Bun's older binary …"). */
export const unreadableLockFileLines = (
  report: Pick<SecurityReport, 'unreadable_lock_files'>,
): string[] => (report.unreadable_lock_files ?? []).map(({ path, reason }) => `${path} ${reason}.`);

/** My MVPs' line: the worst severity and the count, or that there is none. */
export const securityShortState = (report: SecurityReport): string => {
  if (report.status !== 'checked') return securityHeadline(report);
  if (report.findings.length === 0) return 'No known vulnerabilities';
  return countsText(report);
};

/** Findings by severity, most severe first; severities without findings are left out. */
export const groupBySeverity = (
  findings: readonly SecurityFinding[],
): { severity: Severity; label: string; findings: SecurityFinding[] }[] =>
  SEVERITIES.map((severity) => ({
    severity,
    label: SEVERITY_LABELS[severity],
    findings: findings.filter((finding) => finding.severity === severity),
  })).filter((group) => group.findings.length > 0);

export const fixText = (finding: Pick<SecurityFinding, 'fixed_version'>): string =>
  finding.fixed_version ? `Fixed in ${finding.fixed_version}` : 'No fix yet';

/** The seller's exact upgrade for a finding. */
export const upgradeText = (
  finding: Pick<SecurityFinding, 'package' | 'version' | 'fixed_version'>,
): string =>
  finding.fixed_version
    ? `Upgrade ${finding.package} from ${finding.version} to ${finding.fixed_version}`
    : `${finding.package} ${finding.version}: no fix published yet`;

export const dependencyKind = (finding: Pick<SecurityFinding, 'direct'>): string =>
  finding.direct ? 'direct dependency' : 'indirect dependency';

/** Chakra colour palettes by severity; the label always says the severity in words too. */
export const SEVERITY_PALETTES: Record<Severity, string> = {
  critical: 'red',
  high: 'orange',
  moderate: 'yellow',
  low: 'blue',
  unknown: 'gray',
};

/** Where the template stands, for naming the version a seller's report is of. */
export interface TemplateStanding {
  /** The template's status: a template never live is in its first version's. */
  status: TemplateStatus;
  /** The live version's number, when the template is live. */
  liveVersion: string | null;
  pendingVersion: PendingVersionSummary | null;
}

/**
 * The seller's title of a report: its version and where that stands, in the version history's
 * words ("Version 1.1.0 (in review)", "Version 1.0.0 (live)").
 */
export const reportVersionTitle = (
  report: Pick<SecurityReport, 'version_id' | 'version_number'>,
  { status, liveVersion, pendingVersion }: TemplateStanding,
): string => {
  const standing =
    report.version_number === liveVersion
      ? 'live'
      : pendingVersion?.id === report.version_id
        ? VERSION_STATUS_LABELS[pendingVersion.status]
        : !liveVersion && status !== 'archived'
          ? VERSION_STATUS_LABELS[status]
          : null;
  return `Version ${report.version_number}${standing ? ` (${standing})` : ''}`;
};

/** My MVPs' line: the version, then its short state. */
export const securityLineText = (report: SecurityReport): string =>
  `Version ${report.version_number}: ${securityShortState(report)}`;
