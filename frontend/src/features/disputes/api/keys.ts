/** Query keys of the disputes domain. */
export const disputeKeys = {
  all: ['disputes'] as const,
  list: () => [...disputeKeys.all, 'list'] as const,
  detail: (id: string | undefined) => [...disputeKeys.all, 'detail', id] as const,
};
