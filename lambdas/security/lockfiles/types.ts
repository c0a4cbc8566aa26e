/** What each lock-file parser gives: the packages it pins (direct or not is decided later). */
import type { Ecosystem } from '../../../contract/security';

export interface LockedPackage {
  ecosystem: Ecosystem;
  name: string;
  version: string;
}

export interface ParsedLockFile {
  packages: LockedPackage[];
  /** Manifest lines that name a package without an exact version (requirements.txt). */
  unpinned: number;
  /** Names the lock file itself marks as the project's own dependencies (requirements.txt). */
  direct?: string[];
}

/** A lock file we cannot read: the audit records it and goes on with the others. */
export class LockFileError extends Error {
  constructor(path: string, reason: string) {
    super(`${path}: ${reason}`);
    this.name = 'LockFileError';
  }
}
