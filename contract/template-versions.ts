/**
 * A template's versions: their numbers (bumping, ordering, which number may come next), their
 * statuses beside the live one, and the texts of their rules. The browser's form and the API
 * share them.
 */

export const DEFAULT_VERSION = '1.0.0';
export const VERSION_BUMPS = ['major', 'minor', 'patch'] as const;
export type VersionBump = (typeof VERSION_BUMPS)[number];

/** `1.2.3` bumped by kind (patch by default); a malformed number restarts at the default. */
export const bumpVersion = (version: string, bump: VersionBump = 'patch'): string => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  if (!match) return DEFAULT_VERSION;
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
};

/** Orders two `x.y.z` numbers (negative: `a` is lower); a part that is not a number counts as 0. */
export const compareVersions = (a: string, b: string): number => {
  const parts = (version: string) =>
    version
      .trim()
      .replace(/^v/i, '')
      .split('.')
      .map((part) => Number.parseInt(part, 10) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length, 3); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
};

/**
 * Where a version of a template stands. The template itself stays approved (live) while a newer
 * version goes through processing and review; only `approved` versions were ever live.
 */
export const VERSION_STATUSES = [
  'processing',
  'pending_review',
  'approved',
  'scan_failed',
  'ipfs_pin_failed',
  'rejected',
  'withdrawn',
] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** How a version's status reads beside the live one: "v1.3.0 in review". */
export const VERSION_STATUS_LABELS: Record<VersionStatus, string> = {
  processing: 'processing',
  pending_review: 'in review',
  approved: 'live',
  scan_failed: 'scan failed',
  ipfs_pin_failed: 'publishing failed',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
};

/**
 * Whether a version was ever live, so buyers see it in the history: approved, or (a row from
 * before versions had a status) the live one or an older one.
 */
export const isPublishedVersion = (
  version: { status?: VersionStatus; version_number: string },
  liveNumber: string,
): boolean =>
  version.status === 'approved' ||
  (version.status === undefined && compareVersions(version.version_number, liveNumber) <= 0);

/** Versions still on their way: a second one waits until this one is decided or withdrawn. */
export const IN_PROGRESS_VERSION_STATUSES: readonly VersionStatus[] = [
  'processing',
  'pending_review',
];
/**
 * Versions that stopped where a retry of the same file can end otherwise: processing failed on our
 * side (the file could not be read, the pin or the publication failed). A version the security
 * scan refused (scan_failed) is refused again for the same contents: its seller uploads a
 * corrected version instead.
 */
export const RETRYABLE_VERSION_STATUSES: readonly VersionStatus[] = ['ipfs_pin_failed'];
/** A pending version the seller may withdraw: anything not yet live or already withdrawn. */
export const WITHDRAWABLE_VERSION_STATUSES: readonly VersionStatus[] = [
  'processing',
  'pending_review',
  'scan_failed',
  'ipfs_pin_failed',
  'rejected',
];

/** The newer version of a live template, as the template item summarises it for its owner. */
export interface PendingVersionSummary {
  id: string;
  version_number: string;
  status: VersionStatus;
  /** The processing failure or the admin's rejection reason. */
  error?: string;
  /** When it entered this status (ISO). */
  at: string;
}

export const VERSION_MESSAGES = {
  notHigher: (live: string) => `Version number must be greater than the live version ${live}.`,
  taken: (number: string) =>
    `Version ${number} already exists for this MVP. Please choose a higher number.`,
  inReview: (number: string) =>
    `Version ${number} is still being processed or reviewed. Withdraw it first, or wait for the decision.`,
  notWithdrawable: 'Only a new version that is not live yet can be withdrawn.',
  withdrawn: (number: string) =>
    `Version ${number} was withdrawn. The live version stays as it is.`,
  versionNotFound: 'Version not found.',
} as const;

/**
 * Why `candidate` may not be the next version of a template whose live version is `live` (null
 * when it may): the browser's form and the API share this rule. `taken` lists numbers already
 * used by the template's live, past or in-progress versions.
 */
export const versionNumberProblem = (
  candidate: string,
  live: string | null,
  taken: readonly string[] = [],
): string | null => {
  if (live !== null && compareVersions(candidate, live) <= 0) {
    return VERSION_MESSAGES.notHigher(live);
  }
  if (taken.some((number) => compareVersions(number, candidate) === 0)) {
    return VERSION_MESSAGES.taken(candidate.trim());
  }
  return null;
};
