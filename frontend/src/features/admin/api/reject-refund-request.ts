/** `POST /api/admin/refund-requests/{id}/reject`: pending → rejected. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useRejectRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/admin/refund-requests/{id}/reject', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
