/** Query keys of the refunds domain. */
export const refundKeys = {
  all: ['refund-requests'] as const,
  list: () => [...refundKeys.all, 'list'] as const,
};
