/**
 * The scanner's sources are the shared archive sources (lambdas/shared/archives/source.ts); what
 * is the scanner's own is which errors a format reader lets through.
 */
export {
  bufferSource,
  fileSource,
  guardedSource,
  SourceReadError,
  type ArchiveSource,
} from '../../shared/archives/source';

/** Errors that the format readers must let through rather than report as a corrupt archive. */
export const isPassThrough = (error: unknown): boolean =>
  ['ScanAbort', 'SourceReadError'].includes((error as Error).name);
