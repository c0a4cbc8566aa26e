/** `POST /api/admin/mvps/{id}/reject`: rejects the template with a reason the seller is sent. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RejectTemplateInput } from '@contract/admin-templates';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useRejectTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RejectTemplateInput & { id: string }) =>
      api('POST /api/admin/mvps/{id}/reject', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
