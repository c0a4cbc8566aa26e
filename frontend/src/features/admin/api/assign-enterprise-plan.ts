/** `PUT /api/admin/users/{id}/plan`: put a user on Enterprise with the agreed downloads a month. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAssignEnterprisePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, downloads }: { id: string; downloads: number | null }) =>
      api('PUT /api/admin/users/{id}/plan', {
        params: { id },
        body: { downloads_per_month: downloads },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
