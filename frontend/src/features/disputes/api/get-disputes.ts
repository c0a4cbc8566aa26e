/** `GET /api/disputes`: disputes where the caller is the buyer or the seller, newest first. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { disputeKeys } from './keys';

export function useDisputes() {
  return useQuery({
    queryKey: disputeKeys.list,
    queryFn: async ({ signal }) => (await api('GET /api/disputes', { signal })).items,
  });
}
