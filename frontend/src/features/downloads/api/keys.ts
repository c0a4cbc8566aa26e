/** Query keys of the downloads domain. */
export const downloadKeys = {
  /** Everything a download changes: the caller's list and every status (they carry the quota). */
  all: ['downloads'] as const,
  mine: ['downloads', 'mine'] as const,
  status: (mvpId: string) => ['downloads', 'status', mvpId] as const,
  /** Not under `all`: a bundle's contents do not change when someone downloads it. */
  files: (mvpId: string) => ['bundle-files', mvpId] as const,
  /** One file's text; under `all`: subscribing or buying changes who may read it. */
  fileContent: (mvpId: string, path: string) => ['downloads', 'file-content', mvpId, path] as const,
};
