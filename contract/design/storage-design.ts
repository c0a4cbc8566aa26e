/**
 * The S3 design, read by the CDK data stack and by the local stack when it creates the buckets in
 * s3rver. Both buckets are private; the browser reaches them only through presigned URLs (uploads,
 * bundle downloads) or through CloudFront / the local server (preview images under `/previews/`).
 */
export const storageDesign = {
  /** Bucket names on a laptop; in the cloud CDK generates unique names and passes them by env. */
  localBucketNames: {
    mvpFiles: 'mvp-files',
    previewImages: 'mvp-preview-images',
    site: 'site',
    /** Version builds' records and static output (live-previews.ts lays it out). */
    livePreviews: 'live-previews',
  },
  /**
   * Every preview image key starts with this prefix, and its public URL is `/${key}`: CloudFront
   * routes `/previews/*` to the preview bucket unchanged, the local server does the same.
   */
  previewPrefix: 'previews/',
  /**
   * Template bundles, `mvps/{mvpId}/{versionId}/bundle.{ext}` in the mvp-files bucket (and their
   * preview images under `previews/mvps/{mvpId}/`): keys built by the templates domain only.
   */
  bundlesPrefix: 'mvps/',
  /** Browser uploads land here first; a lifecycle rule removes what was never registered. */
  uploadsPrefix: 'uploads/',
  uploadsExpireAfterDays: 1,
  /**
   * The browse catalog snapshot (docs/data-model.md, section 5): one gzipped object in the mvp-files
   * bucket, written by the snapshot task and read once by each catalog container at cold start.
   * Its own prefix, so the catalog function's read grant covers nothing else of the bucket.
   */
  catalogPrefix: 'catalog/',
  catalogSnapshotKey: 'catalog/browse-snapshot.v1.json.gz',
  /**
   * The code preview of each scanned bundle, written by the Scan task when a bundle
   * is clean: `manifests/{bundle file key}/manifest.json` (every file's path, size and kind, with
   * the offset of its text in the pack) and `manifests/{bundle file key}/files.bin` (the text
   * files' contents, capped, concatenated). Derived from the bundle's key, so each version has its
   * own and nothing is recorded on the template. Its own prefix: the scan function writes only
   * here, the downloads function reads bundles and these.
   */
  manifestsPrefix: 'manifests/',
  /**
   * Each audited version's dependency list (ecosystem, name, version, direct), one JSON object
   * at `security/packages/{template}/{version}.json`, written by the processing pipeline's Audit
   * step and read by re-checks, so a re-check never reads the bundle again (docs/data-model.md,
   * "Security reports").
   */
  securityPackagesPrefix: 'security/packages/',
  /**
   * The monthly payout run's working files, in the mvp-files bucket: Prepare writes the month's
   * list of payouts to transfer, one JSON line each, to `payout-runs/lists/{month}/{execution}.jsonl`
   * (the Distributed Map reads it), and the Map writes its results under `payout-runs/results/`
   * (Step Functions adds the map run's id). Their own prefixes: the state machine reads the lists
   * and writes the results, and nothing else of the bucket. Kept a year, as the execution logs.
   */
  payoutListsPrefix: 'payout-runs/lists/',
  payoutResultsPrefix: 'payout-runs/results/',
  payoutRunsExpireAfterDays: 400,
  /** CORS for presigned browser uploads and downloads. */
  cors: {
    allowedMethods: ['GET', 'PUT', 'HEAD'] as const,
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag'],
    maxAgeSeconds: 3000,
  },
  /** Presigned URLs live this long: enough to start a download, too short to share. */
  presignedUrlSeconds: 300,
} as const;
