/** `GET /api/admin/refund-requests?status=`: one status of the refund queue, oldest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RefundStatus } from '@contract/refunds';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAdminRefundRequests(status: RefundStatus) {
  return useQuery({
    queryKey: adminKeys.refunds(status),
    queryFn: async ({ signal }) =>
      (await api('GET /api/admin/refund-requests', { query: { status }, signal })).items,
    // Switching the status keeps the last rows on screen until the next list is in.
    placeholderData: keepPreviousData,
  });
}
