/**
 * A version's findings from its pinned packages and the advisories OSV named for each: one finding
 * per (advisory, package), with its severity (from the CVSS vector where the advisory gives one,
 * else the database's own rating), the lowest fixed release above the pinned one, and the
 * advisory's page. Pure: the re-check calls it once per version with the advisories already read.
 */
import cvssCalculator from 'ae-cvss-calculator';
import {
  SEVERITIES,
  advisoryUrl,
  type SecurityFinding,
  type Severity,
} from '../../contract/security';
import type { OsvVulnerability } from '../security/osv';
import type { PinnedPackage } from '../security/stored-reports';
import { fixedVersionFor } from '../security/versions';

// A CommonJS package whose named exports Node's ES module loader cannot detect: read them off
// the module object (the local stack and the benches run these files without a bundler).
const { Cvss3P0, Cvss3P1 } = cvssCalculator;

/** CVSS v3 base score bands (FIRST's qualitative rating; "medium" is our "moderate"). */
const severityOfScore = (score: number): Severity =>
  score >= 9
    ? 'critical'
    : score >= 7
      ? 'high'
      : score >= 4
        ? 'moderate'
        : score > 0
          ? 'low'
          : 'unknown';

const cvssScoreOf = (advisory: OsvVulnerability): number | null => {
  for (const entry of advisory.severity ?? []) {
    try {
      if (entry.score.startsWith('CVSS:3.1/'))
        return new Cvss3P1(entry.score).calculateScores().base ?? null;
      if (entry.score.startsWith('CVSS:3.0/'))
        return new Cvss3P0(entry.score).calculateScores().base ?? null;
    } catch {
      // A vector the calculator cannot read: fall back to the database's own rating.
    }
  }
  return null;
};

const databaseSeverity = (advisory: OsvVulnerability): Severity => {
  const named = String(advisory.database_specific?.severity ?? '').toLowerCase();
  if (named === 'medium') return 'moderate';
  return (SEVERITIES as readonly string[]).includes(named) ? (named as Severity) : 'unknown';
};

const firstSentence = (text: string | undefined): string => {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return 'No summary published.';
  const end = trimmed.search(/(?<=[.!?])\s/);
  return end > 0 ? trimmed.slice(0, end) : trimmed;
};

export const findingOf = (pinned: PinnedPackage, advisory: OsvVulnerability): SecurityFinding => {
  const score = cvssScoreOf(advisory);
  return {
    advisory_id: advisory.id,
    aliases: advisory.aliases ?? [],
    ecosystem: pinned.ecosystem,
    package: pinned.name,
    version: pinned.version,
    severity: score !== null ? severityOfScore(score) : databaseSeverity(advisory),
    cvss_score: score,
    summary: firstSentence(advisory.summary ?? advisory.details),
    fixed_version: fixedVersionFor(
      pinned.ecosystem,
      pinned.name,
      pinned.version,
      advisory.affected ?? [],
    ),
    direct: pinned.direct,
    url: advisoryUrl(advisory.id),
  };
};

/** Most severe first, then by package name, then advisory id (a stable order). */
export const sortFindings = (findings: SecurityFinding[]): SecurityFinding[] =>
  findings.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      a.package.localeCompare(b.package) ||
      a.advisory_id.localeCompare(b.advisory_id),
  );
