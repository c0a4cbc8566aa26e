/** Query keys of the seller's analytics. */
export const analyticsKeys = {
  mine: ['seller-analytics'] as const,
};
