/** `GET /api/refund-requests`: the caller's refund requests, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { RefundRequest } from '@contracts/refunds';
import { apiRequest } from '../../../lib/api-client';

export const refundRequestsKey = ['refund-requests', 'list'] as const;

export async function getRefundRequests(signal?: AbortSignal): Promise<RefundRequest[]> {
  const { items } = await apiRequest<{ items: RefundRequest[] }>('/refund-requests', { signal });
  return items;
}

export function useRefundRequests() {
  return useQuery({
    queryKey: refundRequestsKey,
    queryFn: ({ signal }) => getRefundRequests(signal),
  });
}
