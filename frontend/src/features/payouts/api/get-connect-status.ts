/**
 * `GET /api/connect`: whether the seller's Stripe Connect account exists and can receive payouts.
 * Stripe confirms an onboarding with `account.updated` a moment after the seller comes back, so a
 * page that just got them back can ask again every few seconds until payouts are enabled (for at
 * most CONNECT_POLL_LIMIT_MS; lib/connect.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { connectPollInterval } from '../lib/connect';
import { payoutKeys } from './keys';

export function useConnectStatus(options: { enabled?: boolean; pollSince?: number } = {}) {
  const { enabled = true, pollSince } = options;
  return useQuery({
    queryKey: payoutKeys.connect,
    queryFn: ({ signal }) => api('GET /api/connect', { signal }),
    enabled,
    refetchInterval: (query) =>
      pollSince === undefined
        ? false
        : connectPollInterval(query.state.data, Date.now() - pollSince),
  });
}
