/**
 * The Stripe Connect texts, apart from billing.ts: a module without schemas, so that the payout
 * steps, which show none of billing's forms, do not build its schemas at each cold start
 * (docs/architecture.md, Cold starts).
 */
export const CONNECT_MESSAGES = {
  linkFailed: 'Failed to create Stripe Connect account link',
  unexpected: 'An unexpected error occurred',
  connected: 'Stripe Account Connected!',
  approvalRequired: 'Seller Approval Required',
  /** Our own texts where the product fixes none. */
  loginLinkFailed: 'Failed to open the Stripe Express dashboard. Please try again.',
  notConnected: 'Connect your Stripe account first.',
  onboardingUnfinished: 'Finish setting up your Stripe account first.',
} as const;
