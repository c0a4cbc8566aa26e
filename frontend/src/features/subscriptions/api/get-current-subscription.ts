/** `GET /api/subscriptions/current`: the caller's subscription view. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

export function useCurrentSubscription(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: ({ signal }) => api('GET /api/subscriptions/current', { signal }),
    enabled: options.enabled ?? true,
  });
}
