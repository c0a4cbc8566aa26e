/**
 * Why a GitHub sync cannot go on, as errors the state machine sees by name: its catch-all
 * (tasks/mark-sync-failed.ts) turns the name into the reason My MVPs shows the seller. Retrying
 * does not help these; GitHub not answering is a TransientError, retried first.
 */

/** GitHub refused the commit (404/403/422): the repository, the commit or the App's access is gone. */
export class SyncNoAccessError extends Error {
  constructor(status: number, options?: { cause?: unknown }) {
    super(`GitHub refused the commit's archive (${status}).`, options);
    this.name = 'SyncNoAccessError';
  }
}

/** The commit's archive is over the bundle limit. */
export class SyncArchiveTooLargeError extends Error {
  constructor(bytes: number) {
    super(`The commit's archive has ${bytes} bytes.`);
    this.name = 'SyncArchiveTooLargeError';
  }
}

/** GitHub answered with an empty archive. */
export class SyncArchiveEmptyError extends Error {
  constructor() {
    super("The commit's archive is empty.");
    this.name = 'SyncArchiveEmptyError';
  }
}
