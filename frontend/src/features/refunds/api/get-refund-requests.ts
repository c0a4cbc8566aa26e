/** `GET /api/refund-requests`: the caller's refund requests, newest first. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refundKeys } from './keys';

export function useRefundRequests() {
  return useQuery({
    queryKey: refundKeys.list,
    queryFn: async ({ signal }) => (await api('GET /api/refund-requests', { signal })).items,
  });
}
