/** `POST /api/admin/mvps/{id}/reject`: rejects the template with a reason the seller is sent. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RejectMvpInput } from '@contract/admin-mvps';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useRejectMvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RejectMvpInput & { id: string }) =>
      api('POST /api/admin/mvps/{id}/reject', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
