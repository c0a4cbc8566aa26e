/**
 * What the API says about a template's writes. No schemas here, so a task that only needs a text
 * (the GitHub sync's register step) does not build contract/templates.ts's schemas at its start;
 * contract/templates.ts re-exports it for everyone else.
 */
export const TEMPLATE_MESSAGES = {
  notFound: 'MVP not found.',
  notAuthorized: 'You are not authorized to edit this MVP.',
  uploaded: 'MVP uploaded successfully! It is being processed and will appear once approved.',
  versionUploaded: 'New version uploaded successfully! It is being processed.',
  updated: 'MVP updated successfully!',
  editHeld:
    'Your changes were saved and wait for review. Buyers see the current text until an admin approves them.',
  deleted: 'MVP deleted successfully.',
  retried: 'Processing restarted.',
  notRetryable:
    'Only processing that failed on our side (reading or pinning the file) can be retried. A file the security scan refused is refused again: upload a corrected version.',
  /** Said where Retry would be offered for a failure a retry cannot change. */
  uploadCorrected: 'Upload a corrected version',
  scanRefusedHint:
    'The security scan refused this file for what it contains, so a retry would refuse it again. Fix what the scan names and upload a corrected version.',
  changedMeanwhile: 'This MVP was changed meanwhile. Please reload and try again.',
  processingNotStarted: 'Processing could not be started. Please retry.',
  /** The template's write was refused (a concurrent write on its counters). */
  saveFailed: 'Failed to save MVP to database',
} as const;
