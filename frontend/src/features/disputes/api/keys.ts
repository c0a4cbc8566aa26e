/** Query keys of the disputes domain. */
export const disputeKeys = {
  all: ['disputes'] as const,
  list: ['disputes', 'list'] as const,
  detail: (id: string | undefined) => ['disputes', 'detail', id] as const,
};
