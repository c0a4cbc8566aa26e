/**
 * Checkout's texts, apart from billing.ts (which re-exports them): a module without schemas, so
 * that a page with a Buy button loads no zod (docs/architecture.md, Mobile performance).
 */
export const CHECKOUT_MESSAGES = {
  invalidPlan: 'Invalid plan selected',
  createFailed: 'Failed to create checkout session',
  noUrl: 'No checkout URL received',
  startFailed: 'Failed to start checkout process. Please try again.',
  fetchSubscriptionFailed: 'Failed to fetch subscription data.',
  /** Our own texts where the product fixes none. */
  signInToSubscribe: 'Please sign in to choose a plan.',
  canceled: 'Checkout was canceled. You have not been charged.',
  alreadyOnPlan: 'You are already subscribed to this plan.',
  useChangePlan: 'You already have a subscription: switch plan instead of subscribing twice.',
  notForSale: 'This template is not sold as a one-time purchase.',
  alreadyOwned: 'You already own this template.',
  ownTemplate: 'You cannot buy your own template.',
  redirectNotAllowed: 'The return address must be on this site.',
  sessionNotFound: 'Checkout session not found.',
  noSubscription: 'You have no active subscription.',
  pastDue:
    'Your last subscription payment failed. Update your card in Manage billing to keep your plan; a second subscription cannot be started meanwhile.',
  portalFailed: 'Failed to open the billing portal. Please try again.',
  noBillingAccount: 'You have no billing account yet: subscribe to a plan or buy a template first.',
} as const;
