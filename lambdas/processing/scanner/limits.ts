/**
 * Limits of what a template bundle may contain. Uploads are at most 100 MB compressed; a real
 * template (source, assets, lock files) stays far below every limit here.
 */
export const scanLimits = {
  /** More entries than any starter template needs; zip bombs of many tiny files exceed it. */
  maxEntries: 10_000,
  /** Total bytes once extracted (counted as actually inflated, not as declared). */
  maxTotalUncompressedBytes: 500 * 1024 * 1024,
  /** Per-entry expansion ratio above which a large entry is a compression bomb. */
  maxCompressionRatio: 100,
  /** The ratio rule applies only to entries above this size: tiny files compress wildly. */
  ratioMinimumBytes: 1024 * 1024,
  /** How much of each text file is searched for secrets. */
  textScanBytes: 1024 * 1024,
  /** A zip's central directory larger than this is refused rather than read into memory. */
  maxCentralDirectoryBytes: 16 * 1024 * 1024,
  /** Findings kept in the report (the first ones name the problem well enough). */
  maxFindings: 50,
} as const;
