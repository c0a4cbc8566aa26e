/** What each lock-file parser gives: the packages it pins (direct or not is decided later). */
import type { Ecosystem } from '../../../contract/security';

export interface LockedPackage {
  ecosystem: Ecosystem;
  name: string;
  version: string;
}

export interface ParsedLockFile {
  packages: LockedPackage[];
  /** Manifest lines that name a package without an exact version (requirements files). */
  unpinned: number;
  /**
   * Names the lock file itself marks as the project's own dependencies, in the ecosystem of its
   * packages (a requirements file, the root package of uv.lock or Cargo.lock, bun.lock's
   * workspaces, Gemfile.lock's DEPENDENCIES).
   */
  direct?: string[];
}

/** A lock file we cannot read: the audit records it and goes on with the others. */
export class LockFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'LockFileError';
  }
}
