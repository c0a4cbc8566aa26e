/** Query keys of the seller application: the caller's own application state. */
export const sellerApplicationKeys = {
  all: ['seller-application'] as const,
  mine: ['seller-application', 'mine'] as const,
};
