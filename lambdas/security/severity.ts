/**
 * An advisory's severity: from its CVSS vector when it gives one (the base score computed by
 * `ae-cvss-calculator`; CVSS 3.x first, the scale GitHub's own labels use, then 4.0), else from
 * the database's own label (`database_specific.severity`, GitHub's CRITICAL/HIGH/MODERATE/LOW),
 * else unknown. The bands are CVSS's: 9.0 critical, 7.0 high, 4.0 moderate (CVSS's "medium").
 */
import type { Severity } from '../../contract/security';
import type { OsvVulnerability } from './osv';

type Calculator = typeof import('ae-cvss-calculator');
let calculator: Promise<Calculator> | undefined;

/**
 * The calculator (about 180 KB minified, CommonJS: its exports are the default export) is loaded
 * with the first vector to score, so a function that only reads stored reports never imports it
 * (its allowance: lib/constructs/marketplace-function.ts).
 */
const loadCalculator = (): Promise<Calculator> =>
  (calculator ??= import('ae-cvss-calculator').then(
    (module) => (module as { default?: Calculator }).default ?? module,
  ));

export const severityOfScore = (score: number): Severity =>
  score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'moderate' : 'low';

/** The base score of a CVSS 3.0, 3.1 or 4.0 vector, or null when it cannot be read. */
export const cvssBaseScore = async (vector: string): Promise<number | null> => {
  if (!/^CVSS:(3\.[01]|4\.0)\//.test(vector)) return null;
  const { Cvss3P0, Cvss3P1, Cvss4P0 } = await loadCalculator();
  try {
    if (vector.startsWith('CVSS:3.1/')) return new Cvss3P1(vector).calculateScores().base ?? null;
    if (vector.startsWith('CVSS:3.0/')) return new Cvss3P0(vector).calculateScores().base ?? null;
    if (vector.startsWith('CVSS:4.0/')) return new Cvss4P0(vector).calculateScores().base ?? null;
  } catch {
    // A malformed vector falls back to the database's label.
  }
  return null;
};

const LABELS: Record<string, Severity> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MODERATE: 'moderate',
  MEDIUM: 'moderate',
  LOW: 'low',
};

const VECTOR_ORDER = ['CVSS_V3', 'CVSS_V4'];

export const severityOf = async (
  record: Pick<OsvVulnerability, 'severity' | 'database_specific'>,
): Promise<{ severity: Severity; cvss_score: number | null }> => {
  const vectors = [...(record.severity ?? [])]
    .filter((entry) => VECTOR_ORDER.includes(entry.type))
    .sort((a, b) => VECTOR_ORDER.indexOf(a.type) - VECTOR_ORDER.indexOf(b.type));
  for (const { score } of vectors) {
    const base = await cvssBaseScore(score);
    if (base !== null) return { severity: severityOfScore(base), cvss_score: base };
  }
  const label = String(record.database_specific?.severity ?? '').toUpperCase();
  return { severity: LABELS[label] ?? 'unknown', cvss_score: null };
};
