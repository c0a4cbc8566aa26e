/**
 * A version's security report: what its dependencies are (read from the bundle's lock files) and
 * which published advisories affect them (the OSV database), shared by the API, the template
 * page's Security panel, the seller's dashboard and the admin's review queue.
 *
 * Words (docs/glossary.md): an **advisory** is a published vulnerability record (an OSV entry,
 * `GHSA-…`, `PYSEC-…`); a **finding** is one advisory that affects one package at the version a
 * template pins; the **security report** is one version's dependencies and findings.
 */

/** Most severe first: the order findings are listed in and the badge's threshold reads. */
export const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'unknown'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_LABELS: Record<Severity, string> = {
  critical: 'Critical',
  high: 'High',
  moderate: 'Moderate',
  low: 'Low',
  unknown: 'Severity not rated',
};

/** The card on `/mvps` shows a badge only at these severities. */
export const BADGE_SEVERITIES: readonly Severity[] = ['critical', 'high'];

/** The package registries whose lock files are read, named exactly as OSV names them. */
export const ECOSYSTEMS = ['npm', 'PyPI', 'crates.io', 'Go', 'RubyGems', 'Packagist'] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

/**
 * Where a version's report stands:
 * - `checked`: every pinned dependency was looked up (`findings` may be empty);
 * - `not_checked`: the advisory database did not answer in time; a later re-check fills it in;
 * - `not_pinned`: a manifest (`package.json`, `pyproject.toml`, `Gemfile`, …) without any lock
 *   file: the versions a buyer installs can change, so nothing exact can be checked;
 * - `unreadable`: there are lock files, but none of them could be read (`unreadable_lock_files`
 *   says which and why);
 * - `no_dependencies`: no manifest and no lock file (a static site, say), or lock files that pin
 *   nothing.
 */
export const AUDIT_STATUSES = [
  'checked',
  'not_checked',
  'not_pinned',
  'unreadable',
  'no_dependencies',
] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export interface SecurityFinding {
  /** The advisory's id (`GHSA-…`, `PYSEC-…`). */
  advisory_id: string;
  /** Other names of the same advisory (`CVE-…`). */
  aliases: string[];
  ecosystem: Ecosystem;
  package: string;
  /** The version the template pins. */
  version: string;
  severity: Severity;
  /** The CVSS base score the severity comes from, when the advisory gives a vector. */
  cvss_score: number | null;
  /** One sentence in our words. */
  summary: string;
  /** The lowest release that is no longer affected, above the pinned one; null: no fix yet. */
  fixed_version: string | null;
  /** Named in the template's own manifest (not only pulled in by another package). */
  direct: boolean;
  /** The advisory's public page. */
  url: string;
}

export type SeverityCounts = Record<Severity, number>;

/** A lock file the audit found but could not read, and why, in words a seller can act on. */
export interface UnreadableLockFile {
  /** The path inside the bundle. */
  path: string;
  reason: string;
}

/** What the upload scan checked on every live version (it passed, or the version is not live). */
export interface UploadScanSummary {
  files_scanned: number;
  checks: string[];
}

export interface SecurityReport {
  mvp_id: string;
  version_id: string;
  version_number: string;
  status: AuditStatus;
  /** When the advisories were last looked up (null while `not_checked` and never checked). */
  checked_at: string | null;
  /** Lock files read, paths inside the bundle. */
  lock_files: string[];
  /** Lock files found but not read, with why (the others are still read). */
  unreadable_lock_files: UnreadableLockFile[];
  /**
   * Direct: the packages the template names itself, counted by name (two versions of one package
   * are one); transitive: the pinned versions of every other package.
   */
  dependencies: { direct: number; transitive: number };
  /** Most severe first, then by package name. */
  findings: SecurityFinding[];
  counts: SeverityCounts;
  upload_scan: UploadScanSummary | null;
}

/** The worst severity among findings, or null when there are none. */
export const worstSeverity = (findings: readonly Pick<SecurityFinding, 'severity'>[]) =>
  SEVERITIES.find((severity) => findings.some((finding) => finding.severity === severity)) ?? null;

export const countBySeverity = (
  findings: readonly Pick<SecurityFinding, 'severity'>[],
): SeverityCounts => {
  const counts = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as SeverityCounts;
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
};

/** An advisory's public page on osv.dev. */
export const advisoryUrl = (advisoryId: string) =>
  `https://osv.dev/vulnerability/${encodeURIComponent(advisoryId)}`;

export const SECURITY_MESSAGES = {
  notFound: 'No security report for this version yet.',
  notChecked:
    'Not checked yet: the vulnerability database did not answer. We check again every day.',
  notPinned:
    'Dependencies not pinned: this template has a package manifest but no lock file, so the versions a buyer installs can change.',
  noDependencies: 'No package dependencies found in this template.',
  unreadable: 'Not checked: this template has lock files, but none of them could be read.',
  overrideReasonRequired:
    'This version has a critical vulnerability. To publish it anyway, give a reason (at least 10 characters).',
} as const;
