/** `GET /api/disputes`: disputes where the caller is the buyer or the seller, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { Dispute } from '@contracts/disputes';
import { apiRequest } from '../../../lib/api-client';

export const disputesKey = ['disputes', 'list'] as const;

export async function getDisputes(signal?: AbortSignal): Promise<Dispute[]> {
  const { items } = await apiRequest<{ items: Dispute[] }>('/disputes', { signal });
  return items;
}

export function useDisputes() {
  return useQuery({ queryKey: disputesKey, queryFn: ({ signal }) => getDisputes(signal) });
}
