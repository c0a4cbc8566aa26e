/** `GET /api/subscriptions/current`: the caller's subscription view. */
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@contracts/subscriptions';
import { apiRequest } from '../../../lib/api-client';

export function getCurrentSubscription(signal?: AbortSignal): Promise<SubscriptionView> {
  return apiRequest<SubscriptionView>('/subscriptions/current', { signal });
}

export function useCurrentSubscription(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['subscriptions', 'current'],
    queryFn: ({ signal }) => getCurrentSubscription(signal),
    enabled: options.enabled ?? true,
  });
}
