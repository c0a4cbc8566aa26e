/** Query keys of the caller's subscriptions. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: ['subscriptions', 'list'] as const,
  current: ['subscriptions', 'current'] as const,
};
