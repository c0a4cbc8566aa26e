/**
 * `POST /api/admin/mvps/{id}/approve`: publishes the template (it is in the catalog at once) and
 * notifies the seller.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useApproveMvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /api/admin/mvps/{id}/approve', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
