/** Query keys of the downloads domain. */
export const downloadKeys = {
  /** Everything a download changes: the caller's list and every status (they carry the quota). */
  all: ['downloads'] as const,
  mine: () => [...downloadKeys.all, 'mine'] as const,
  status: (mvpId: string) => [...downloadKeys.all, 'status', mvpId] as const,
  /** Not under `all`: a bundle's contents do not change when someone downloads it. */
  files: (mvpId: string) => ['bundle-files', mvpId] as const,
};
