/**
 * Query keys of the seller's templates (the templates domain): My MVPs, the seller dashboard, the
 * new-version and edit pages all read through these, so a change seen on one is seen on the others.
 */
export const templateKeys = {
  all: ['templates'] as const,
  /** `GET /api/my/mvps`: the caller's templates (every status but archived) with stats. */
  mine: ['templates', 'mine'] as const,
  /** `GET /api/mvps/{id}/manage`: one template as its owner (or an admin) sees it. */
  managed: (templateId: string | undefined) => ['templates', 'managed', templateId] as const,
  /** `GET /api/my/mvps/downloads`: the latest downloads of the caller's templates. */
  recentDownloads: ['templates', 'recent-downloads'] as const,
};
