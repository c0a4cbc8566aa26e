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
  notAuthorized:
    "Only the seller of this template or an admin can see its newest version's preview.",
} as const;
