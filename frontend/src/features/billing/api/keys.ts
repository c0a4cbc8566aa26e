/** Query keys of the billing domain: the plans' prices and the state of a checkout session. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  checkout: (sessionId: string) => ['billing', 'checkout', sessionId] as const,
};
