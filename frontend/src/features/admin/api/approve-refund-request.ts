/** `POST /api/admin/refund-requests/{id}/approve`: pending → approved. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useApproveRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/admin/refund-requests/{id}/approve', { params: { id } }),
    // The request moves between status lists, and the action is a new audit entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
