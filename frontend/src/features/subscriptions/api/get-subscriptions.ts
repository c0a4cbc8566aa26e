/** `GET /api/subscriptions`: the caller's subscriptions, newest first. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

export function useSubscriptions() {
  return useQuery({
    queryKey: subscriptionKeys.list,
    queryFn: async ({ signal }) => (await api('GET /api/subscriptions', { signal })).items,
  });
}
