/** Query keys of the seller application: the caller's own application state. */
export const sellerApplicationKeys = {
  mine: ['seller-application', 'mine'] as const,
};
