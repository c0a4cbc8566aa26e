/** Query keys of the reviews domain. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (mvpId: string) => ['reviews', mvpId] as const,
  mine: (mvpId: string) => ['reviews', mvpId, 'mine'] as const,
};
