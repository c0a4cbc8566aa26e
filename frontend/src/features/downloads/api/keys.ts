/** Query keys of the downloads domain. */
export const downloadKeys = {
  /** Everything a download changes: the caller's list and every status (they carry the quota). */
  all: ['downloads'] as const,
  mine: ['downloads', 'mine'] as const,
  status: (templateId: string) => ['downloads', 'status', templateId] as const,
  /** Not under `all`: a bundle's contents do not change when someone downloads it. */
  files: (templateId: string) => ['bundle-files', templateId] as const,
  /** One file's text; under `all`: subscribing or buying changes who may read it. */
  fileContent: (templateId: string, path: string) =>
    ['downloads', 'file-content', templateId, path] as const,
};
