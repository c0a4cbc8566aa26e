/**
 * The limits every reader of an untrusted archive enforces, the security scan and the deploy
 * alike: a bundle the scan passed reads the same way when it is deployed, and one it refused is
 * refused there too. A real template (source, assets, lock files) stays far below each of them.
 */
export const archiveLimits = {
  /** More entries than any starter template needs; zip bombs of many tiny files exceed it. */
  maxEntries: 10_000,
  /** Total bytes once extracted (counted as actually inflated, not as declared). */
  maxTotalUncompressedBytes: 500 * 1024 * 1024,
  /** Per-entry expansion ratio above which a large entry is a compression bomb. */
  maxCompressionRatio: 100,
  /** The ratio rule applies only to entries above this size: tiny files compress wildly. */
  ratioMinimumBytes: 1024 * 1024,
  /** A zip's central directory larger than this is refused rather than read. */
  maxCentralDirectoryBytes: 16 * 1024 * 1024,
} as const;

/** One thing wrong with an archive, named by the entry (or the archive) it concerns. */
export interface ArchiveProblem {
  file: string;
  rule: string;
  message: string;
}

/** A problem that stops the reading of the whole archive (a bomb, an unreadable directory). */
export class ArchiveRefusedError extends Error {
  readonly problem: ArchiveProblem;

  constructor(problem: ArchiveProblem) {
    super(`${problem.file} ${problem.message}`);
    this.name = 'ArchiveRefusedError';
    this.problem = problem;
  }
}

const problem = (file: string, rule: string, message: string): ArchiveProblem => ({
  file,
  rule,
  message,
});

/**
 * Entry names that would write outside the folder the archive is extracted into (zip-slip) or
 * that extractors treat differently on other systems (backslashes, drive letters, control
 * characters).
 */
export const checkEntryPath = (name: string): ArchiveProblem[] => {
  const found: ArchiveProblem[] = [];
  if (name.length === 0) return [problem('(empty name)', 'path', 'an entry has an empty name')];
  if (name.includes('\\')) {
    found.push(problem(name, 'path', 'contains a backslash (on Windows it is a path separator)'));
  }
  if (/^[a-zA-Z]:/.test(name)) found.push(problem(name, 'path', 'is an absolute Windows path'));
  if (name.startsWith('/')) found.push(problem(name, 'path', 'is an absolute path'));
  if (name.split(/[/\\]/).includes('..')) {
    found.push(problem(name, 'path', 'escapes the extraction folder with ".." (zip-slip)'));
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\x00-\x1f]/.test(name)) found.push(problem(name, 'path', 'contains control characters'));
  return found;
};

/** `./app/x.ts` → `app/x.ts`; folders' trailing slashes dropped (how duplicates are compared). */
export const normalizeEntryPath = (name: string): string =>
  name.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
