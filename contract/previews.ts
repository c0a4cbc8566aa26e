/**
 * A version's live preview as the pages get it (contract/design/live-previews.ts has where it
 * lives and how it is signed). Apart from builds.ts so that the functions that bundle the builds'
 * words (the templates one's Rebuild) do not carry these too.
 */

/**
 * `GET /api/mvps/{id}/preview` (the live version's) and `GET /api/mvps/{id}/preview/newest` (the
 * newest version's, for its seller or an admin): a signed address of the version's live preview,
 * on the previews' own domain, valid until `expires_at` (contract/design/live-previews.ts).
 */
export interface LivePreview {
  url: string;
  /** When the address stops working (ISO 8601); ask for a new one before. */
  expires_at: string;
  version_number: string;
}

/** What the preview routes answer instead of an address (404). */
export const PREVIEW_MESSAGES = {
  noPreview: 'This template has no live preview.',
  /** The seller's report of a version whose preview was retired. */
  retired:
    "This version's live preview was removed: only a template's two newest versions and the one it serves keep one. Rebuild it to publish its preview again.",
  notAuthorized:
    "Only the seller of this template or an admin can see its newest version's preview.",
} as const;

/** The widths the template page's Live preview frame takes (CSS pixels), widest first. */
export const PREVIEW_DEVICES = [
  { value: 'desktop', label: 'Desktop', width: 1280 },
  { value: 'tablet', label: 'Tablet', width: 768 },
  { value: 'phone', label: 'Phone', width: 390 },
] as const;
export type PreviewDevice = (typeof PREVIEW_DEVICES)[number]['value'];

/** The Live preview section's words. */
export const PREVIEW_TEXTS = {
  heading: 'Live preview',
  intro: (versionNumber: string) =>
    `Version ${versionNumber}, built from this template's own files and served on a separate domain.`,
  frameTitle: (versionNumber: string) => `Live preview of version ${versionNumber}`,
  devices: 'Preview width',
  openInNewTab: 'Open in a new tab',
  openNewest: (versionNumber: string) => `Open the live preview of version ${versionNumber}`,
} as const;

/**
 * When to ask for a new address: a minute before the current one expires (at least in 10 s), so
 * a page left open keeps a working preview and link.
 */
export const previewRefreshDelayMs = (expiresAt: string, now: number = Date.now()): number =>
  Math.max(10_000, Date.parse(expiresAt) - now - 60_000);

/** The frame's scale in a column `available` px wide: 1, or less when the width is wider. */
export const previewScale = (frameWidth: number, available: number): number =>
  available > 0 && available < frameWidth ? available / frameWidth : 1;
