/**
 * Pictures from the running preview: after a successful build of a static site, headless
 * Chromium opens the built site's first page and captures its first screen at a desktop and a
 * phone size. One definition for both places a build runs: the local runner (lib/local/build/)
 * and the CodeBuild buildspec (lib/constructs/version-build-spec.ts), in the same job as the
 * build. The seller may add a picture to the template's gallery with one click.
 *
 * - The page is served from the build's output folder by a throwaway static HTTP server on
 *   127.0.0.1, at `/`, so it works whatever the build's base (Vite's default base is `/`: its
 *   pages load `/assets/…`, which a sub-folder would break).
 * - Nothing but 127.0.0.1 is reachable: every other request of the page is aborted (a web font
 *   or an analytics script from elsewhere is left out of the picture, never fetched).
 * - The pictures are PNG files beside the build record (`records/{t}/{v}/screenshot-{viewport}.png`):
 *   the build already writes there and nowhere else, and they expire with the record
 *   (live-previews.ts, `recordsExpireAfterDays`); a picture added to the gallery is a copy and
 *   stays.
 * - A capture never fails a build: without a browser, or past its time limit, the build is
 *   `built` and the record says in words why there are no pictures (`screenshot_reason`).
 *
 * A leaf of the contract: imports nothing.
 */

export const CAPTURE_VIEWPORTS = ['desktop', 'phone'] as const;
export type CaptureViewport = (typeof CAPTURE_VIEWPORTS)[number];

/**
 * The two sizes, in CSS pixels, and the device scale factor: a desktop at 1, a phone at 2 as
 * phones are (a 780 × 1688 PNG). Both stay far within the gallery's image limit (10 MB,
 * contract/uploads.ts `MAX_IMAGE_BYTES`): a first screen is rarely more than a megabyte or two.
 */
export const CAPTURE_SIZES: Record<
  CaptureViewport,
  { width: number; height: number; deviceScaleFactor: number; mobile: boolean; label: string }
> = {
  desktop: { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false, label: 'Desktop' },
  phone: { width: 390, height: 844, deviceScaleFactor: 2, mobile: true, label: 'Phone' },
};

/** A picture's size in pixels (the PNG's own width and height). */
export const capturePixels = (viewport: CaptureViewport) => ({
  width: CAPTURE_SIZES[viewport].width * CAPTURE_SIZES[viewport].deviceScaleFactor,
  height: CAPTURE_SIZES[viewport].height * CAPTURE_SIZES[viewport].deviceScaleFactor,
});

export const CAPTURE_LIMITS = {
  /** One viewport's capture: open the page, wait for its load, settle, take the picture. */
  captureTimeoutSeconds: 30,
  /** The browser's start. */
  launchTimeoutSeconds: 30,
  /**
   * After the load event, a short wait for what the page draws next (web fonts, a first render
   * of a single-page app), bounded by the capture's limit.
   */
  settleMs: 500,
  /** A larger picture is not kept (the gallery's own limit, contract/uploads.ts). */
  maxBytes: 10 * 1024 * 1024,
} as const;

/** The file name of a viewport's picture, beside the build record. */
export const screenshotFileName = (viewport: CaptureViewport): string =>
  `screenshot-${viewport}.png`;

/**
 * The key of a viewport's picture, from the record's key (`records/{t}/{v}/build.json` →
 * `records/{t}/{v}/screenshot-desktop.png`).
 */
export const screenshotKeyOf = (recordKey: string, viewport: CaptureViewport): string =>
  `${recordKey.slice(0, recordKey.lastIndexOf('/') + 1)}${screenshotFileName(viewport)}`;

/** One picture the build took, as its record keeps it. */
export interface BuildScreenshot {
  viewport: CaptureViewport;
  key: string;
  width: number;
  height: number;
  bytes: number;
  /** How long its capture took (page load, settle and picture). */
  ms: number;
}

/** Why there are no pictures (or fewer than two), in the seller's words. */
export const CAPTURE_REASONS = {
  noBrowser: 'No pictures were taken: there is no Chromium on the machine that built it.',
  launchFailed: 'No pictures were taken: the browser could not be started.',
  timedOut: (viewport: CaptureViewport) =>
    `The ${viewport} picture was not taken: the page did not finish loading within ${CAPTURE_LIMITS.captureTimeoutSeconds} seconds.`,
  failed: (viewport: CaptureViewport) =>
    `The ${viewport} picture was not taken: the page could not be opened.`,
  tooLarge: (viewport: CaptureViewport) =>
    `The ${viewport} picture was larger than ${CAPTURE_LIMITS.maxBytes / 1024 / 1024} MB and was not kept.`,
} as const;

/** The gallery caption of a captured picture. */
export const captureCaption = (versionNumber: string): string =>
  `Captured from v${versionNumber.replace(/^v/i, '')}`;

/**
 * The file name a captured picture gets in the template's gallery (under its preview folder,
 * lambdas/templates/files.ts): one name per version and viewport, so a second press finds it
 * there and adds nothing.
 */
export const capturedGalleryFileName = (versionId: string, viewport: CaptureViewport): string =>
  `captured-${versionId}-${viewport}.png`;

/** A PNG's width and height from its header (IHDR), or null when it is not a PNG. */
export const pngSizeOf = (bytes: Uint8Array): { width: number; height: number } | null => {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, index) => bytes[index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};
