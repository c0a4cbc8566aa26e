/**
 * `POST /api/admin/refund-requests/{id}/process`: approved → processed, the money going back
 * through Stripe; answers the Stripe refund id. Safe to retry: the API never refunds twice.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useProcessRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/admin/refund-requests/{id}/process', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
