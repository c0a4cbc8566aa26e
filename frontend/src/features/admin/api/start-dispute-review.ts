/** `POST /api/admin/disputes/{id}/start-review`: open → in_review (both parties are notified). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useStartDisputeReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/admin/disputes/{id}/start-review', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
