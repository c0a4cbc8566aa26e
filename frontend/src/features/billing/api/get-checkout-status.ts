/**
 * `GET /api/billing/checkout/{sessionId}`: what became of a checkout. The webhook records the
 * payment a moment after Stripe sends the buyer back, so `/success` asks again every second while
 * the session is still `open` or `processing`, for at most a minute (lib/checkout.ts). A 404 is an
 * answer (an unknown or someone else's session), not a failure worth retrying.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutPollInterval } from '../lib/checkout';
import { billingKeys } from './keys';

/** @param startedAt when the page started waiting (ms), so the polling stops after its limit. */
export function useCheckoutStatus(sessionId: string | null, startedAt: number) {
  return useQuery({
    queryKey: billingKeys.checkout(sessionId ?? ''),
    queryFn: ({ signal }) =>
      api('GET /api/billing/checkout/{sessionId}', { params: { sessionId: sessionId! }, signal }),
    enabled: Boolean(sessionId),
    refetchInterval: (query) =>
      checkoutPollInterval(query.state.data?.status, Date.now() - startedAt),
  });
}
