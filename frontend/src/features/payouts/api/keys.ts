/**
 * Query keys of the seller's payments: the payouts page (one list per status filter, each with
 * the summary) and the Stripe Connect account's state.
 */
import type { PayoutFilter } from '@contract/payouts';

export const payoutKeys = {
  all: ['payouts'] as const,
  lists: ['payouts', 'list'] as const,
  list: (filter: PayoutFilter) => ['payouts', 'list', filter] as const,
  connect: ['payouts', 'connect'] as const,
};
