/**
 * Live previews of version builds, as the cloud and the local stack both serve them: where a
 * version's preview lives, the headers every preview answer carries, how long a signed preview
 * address lives, what the lifecycle rules remove, and the cost caps per seller (how a build runs
 * is contract/design/build.ts). The CDK reads it (lib/constructs/version-builds.ts); the service
 * enforces the caps and signs the addresses with the same numbers. Leaf module: it imports
 * nothing of ours.
 */

/**
 * The preview bucket's layout. A build writes only under these two prefixes (the record and the
 * static output of contract/design/build.ts, `BuildOutputLocation`):
 * - `sites/{template}/{version}/…`: the static output of a successful build (a record whose
 *   `static_site` is true), served by the preview distribution as
 *   `https://{preview domain}/{template}/{version}/…`: its origin path is `/sites`, so nothing
 *   else of the bucket is reachable through it;
 * - `records/{template}/{version}/build.json`: the build record, read by the step after the build.
 */
export const previewLayout = {
  sitesPrefix: 'sites/',
  recordsPrefix: 'records/',
  /** The build record's file name under `records/{template}/{version}/`. */
  recordFileName: 'build.json',
} as const;

/** The key prefix of a version's preview site (ends with `/`). */
export const previewSitePrefix = (templateId: string, versionId: string): string =>
  `${previewLayout.sitesPrefix}${templateId}/${versionId}/`;

/** The key of a version's build record. */
export const buildRecordKey = (templateId: string, versionId: string): string =>
  `${previewLayout.recordsPrefix}${templateId}/${versionId}/${previewLayout.recordFileName}`;

/** The path of a version's preview on the preview domain (the site prefix without `sites/`). */
export const previewPath = (templateId: string, versionId: string): string =>
  `/${templateId}/${versionId}/`;

/**
 * Retiring a preview (docs/operations.md, "Version builds and previews"). S3 lifecycle rules can
 * only filter by prefix and tag, and "older than the two newest versions" or "template archived"
 * is known to the service alone: when a version falls out of a template's two newest, or the
 * template is archived, the service tags the objects of that preview `retiredTag`, and the bucket's
 * lifecycle rule removes tagged objects after `retiredExpireAfterDays`. Build records are read
 * once, by the step after the build, and expire after `recordsExpireAfterDays`.
 */
export const previewRetention = {
  retiredTag: { key: 'preview', value: 'retired' },
  retiredExpireAfterDays: 1,
  recordsExpireAfterDays: 30,
  /** The newest versions of a template that keep their preview. */
  keptVersions: 2,
} as const;

/**
 * A signed preview address (CloudFront custom policy over `/{template}/{version}/*`) lives this
 * long: enough to open the frame and move about in it, too short to hand out a mirror. The
 * distribution turns the address's signature into cookies scoped to that folder, so the page's
 * own files load with it too.
 */
export const PREVIEW_URL_SECONDS = 30 * 60;

/**
 * A signed preview address, as CloudFront's signed URLs with a custom policy have it: the query's
 * `Policy` (the policy JSON), `Signature` (RSA-SHA1 of that JSON) and `Key-Pair-Id` (the
 * CloudFront public key's id), the first two in CloudFront's URL-safe base64 (`+` → `-`, `=` →
 * `_`, `/` → `~`). The service signs with it (lambdas/builds/preview-url.ts), the local preview
 * server checks it (lib/local/cloud/preview-edge.ts); CloudFront checks it in the cloud.
 */
export const PREVIEW_SIGNATURE_PARAMS = {
  policy: 'Policy',
  signature: 'Signature',
  keyPairId: 'Key-Pair-Id',
} as const;

/** The cookies a signed address becomes (CloudFront's names), scoped to the preview's folder. */
export const PREVIEW_SIGNED_COOKIES = {
  policy: 'CloudFront-Policy',
  signature: 'CloudFront-Signature',
  keyPairId: 'CloudFront-Key-Pair-Id',
} as const;

/** CloudFront's URL-safe form of a base64 text. */
export const cloudFrontBase64 = (base64: string): string =>
  base64.replace(/\+/g, '-').replace(/=/g, '_').replace(/\//g, '~');

/** Plain base64 from CloudFront's URL-safe form. */
export const fromCloudFrontBase64 = (safe: string): string =>
  safe.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/');

/**
 * The custom policy of a version's preview: every file of its folder (`resource`:
 * `{origin}/{template}/{version}/*`) until `expiresEpochSeconds`. Exactly CloudFront's JSON, no
 * white space: the signature is over these bytes.
 */
export const previewPolicy = (resource: string, expiresEpochSeconds: number): string =>
  JSON.stringify({
    Statement: [
      { Resource: resource, Condition: { DateLessThan: { 'AWS:EpochTime': expiresEpochSeconds } } },
    ],
  });

/** The policy's resource for a version's preview: its folder on the preview origin, any file. */
export const previewResource = (origin: string, templateId: string, versionId: string): string =>
  `${origin.replace(/\/+$/, '')}${previewPath(templateId, versionId)}*`;

/**
 * The Content-Security-Policy of a live preview: a seller's built static site, on its own domain,
 * shown in a frame on the marketplace's template page.
 *
 * - scripts only from the preview's own origin (no inline script, no eval): what a Vite, Astro or
 *   static export build ships; a build that inlines its scripts shows a page without them;
 * - styles, images and fonts also from https (a template's web fonts and pictures), never scripts;
 * - `connect-src 'self'`: the page fetches nothing elsewhere (no beacons, no data sent off);
 * - `form-action 'none'`: no form posts anywhere (no phishing through a preview);
 * - `frame-ancestors`: only the marketplace's own pages may frame it.
 */
export const livePreviewContentSecurityPolicy = (frameAncestors: readonly string[]): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');

/** Search engines must not index previews: they are copies of paid templates. */
export const PREVIEW_ROBOTS_TAG = 'noindex, nofollow, noarchive';

/**
 * The cost caps per seller and calendar month (UTC), counted and enforced by the service: a build
 * past the minutes cap is not started (the version says "Not built" with the reason), a preview
 * past the storage cap is not published. Defaults here; context values `buildMinutesPerSeller`
 * and `previewMegabytesPerSeller` override them per deployment (lib/stacks/create-app.ts).
 */
export const DEFAULT_COST_CAPS = {
  buildMinutesPerSeller: 300,
  previewMegabytesPerSeller: 1024,
} as const;

export interface CostCaps {
  readonly buildMinutesPerSeller: number;
  readonly previewMegabytesPerSeller: number;
}

/** The variables that tell the service the caps (set on the functions that enforce them). */
export const COST_CAP_VARIABLES = {
  buildMinutesPerSeller: 'BUILD_MINUTES_PER_SELLER',
  previewMegabytesPerSeller: 'PREVIEW_MEGABYTES_PER_SELLER',
} as const satisfies Record<keyof CostCaps, string>;

/** The caps as a deployment set them (absent: the defaults). */
export const costCapsOf = (set: Partial<CostCaps>): CostCaps => ({
  buildMinutesPerSeller: set.buildMinutesPerSeller ?? DEFAULT_COST_CAPS.buildMinutesPerSeller,
  previewMegabytesPerSeller:
    set.previewMegabytesPerSeller ?? DEFAULT_COST_CAPS.previewMegabytesPerSeller,
});

/** The calendar month (UTC) a cap counts in, `YYYY-MM`. */
export const usageMonthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The first day of the next month, in words ("1 January"): when a used-up cap starts again. */
const nextMonthStart = (at: Date): string =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** What the seller reads when a cap stopped a build or a preview. */
export const COST_CAP_REASONS = {
  buildMinutes: (minutes: number, at: Date) =>
    `Not built: this account's ${minutes} build minutes for the month are used up. Builds start again on ${nextMonthStart(at)}.`,
  previewStorage: (megabytes: number, at: Date) =>
    `The build worked, but its live preview was not published: this account's ${megabytes} MB of previews for the month are used up. Previews are published again from ${nextMonthStart(at)}.`,
} as const;
