/** `GET /api/subscriptions`: the caller's subscriptions, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '@contracts/subscriptions';
import { apiRequest } from '../../../lib/api-client';

export async function getSubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  const { items } = await apiRequest<{ items: Subscription[] }>('/subscriptions', { signal });
  return items;
}

export function useSubscriptions() {
  return useQuery({
    queryKey: ['subscriptions', 'list'],
    queryFn: ({ signal }) => getSubscriptions(signal),
  });
}
