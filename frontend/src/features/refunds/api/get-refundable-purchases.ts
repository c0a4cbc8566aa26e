/** `GET /api/refund-requests/refundable`: what the caller may ask money back on, with each maximum. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refundKeys } from './keys';

export function useRefundablePurchases() {
  return useQuery({
    queryKey: refundKeys.refundable,
    queryFn: async ({ signal }) =>
      (await api('GET /api/refund-requests/refundable', { signal })).items,
  });
}
