/**
 * Limits of what a template bundle may contain: the archive limits every reader enforces
 * (lambdas/shared/archives/limits.ts), and the scanner's own. Uploads are at most 100 MB
 * compressed.
 */
import { archiveLimits } from '../../shared/archives/limits';

export const scanLimits = {
  ...archiveLimits,
  /** How much of each text file is searched for secrets. */
  textScanBytes: 1024 * 1024,
  /** Findings kept in the report (the first ones name the problem well enough). */
  maxFindings: 50,
} as const;
