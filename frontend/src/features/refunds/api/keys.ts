/** Query keys of the refunds domain. */
export const refundKeys = {
  all: ['refund-requests'] as const,
  list: ['refund-requests', 'list'] as const,
  refundable: ['refund-requests', 'refundable'] as const,
};
