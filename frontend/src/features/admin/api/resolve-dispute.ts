/**
 * `POST /api/admin/disputes/{id}/resolve`: in_review → resolved_buyer, resolved_seller or
 * closed_no_action, with non-blank details (both parties are notified).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeResolutionInput } from '@contract/admin-disputes';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DisputeResolutionInput & { id: string }) =>
      api('POST /api/admin/disputes/{id}/resolve', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
