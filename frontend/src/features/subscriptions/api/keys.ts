/** Query keys of the caller's subscriptions. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: () => [...subscriptionKeys.all, 'list'] as const,
  current: () => [...subscriptionKeys.all, 'current'] as const,
};
