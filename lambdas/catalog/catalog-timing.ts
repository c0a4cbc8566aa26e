/**
 * The browse cache's intervals and time budgets (catalog-cache.ts says why each exists), apart
 * from the cache so that the service can read them without loading the cache's code at start.
 */
export const VERSION_CHECK_INTERVAL_MS = 1_000;
/** A strongly consistent GetItem takes milliseconds; a second of silence is an outage. */
export const VERSION_CHECK_TIMEOUT_MS = 1_000;
export const VERSION_RETRY_AFTER_FAILURE_MS = 5_000;
/** How long the index may lag behind the table, generously; DynamoDB's is typically well under 1 s. */
export const GSI_SETTLE_MS = 2_000;
export const CHANGE_OVERLAP_MS = 60_000;
export const SNAPSHOT_REFRESH_MS = 5 * 60_000;
export const SNAPSHOT_POLL_INTERVAL_MS = 60_000;
/** Cards show download and rating counters at most this stale (docs/data-model.md, section 5). */
export const CATALOG_MAX_AGE_MS = 10 * 60_000;
/** Budget of the reads that bring a warm catalog up to date (a few small queries). */
export const CHANGES_TIMEOUT_MS = 3_000;
/** Budget of the snapshot GetObject (a few MB at most; S3 answers in well under a second). */
export const SNAPSHOT_TIMEOUT_MS = 3_000;

/**
 * The budget of one catalog read: the cloud's `cloudMs`, or the environment's one budget for every
 * catalog read where it sets one (CATALOG_READ_TIMEOUT_MS: the local stack, whose emulators share
 * a laptop with everything else). Read at each call, so a test may set it for its own file.
 */
export const catalogReadBudgetMs = (cloudMs: number): number => {
  const local = Number(process.env.CATALOG_READ_TIMEOUT_MS);
  return Number.isInteger(local) && local > 0 ? local : cloudMs;
};
