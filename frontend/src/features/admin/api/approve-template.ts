/**
 * `POST /api/admin/mvps/{id}/approve`: publishes the template (it is in the catalog at once) and
 * notifies the seller. A held edit's row sends its stamp, so only the edit the admin read is applied;
 * a version with a critical vulnerability needs the admin's reason (`override_reason`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingTemplate } from '@contract/admin-templates';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useApproveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      template: Pick<PendingTemplate, 'id' | 'edit_at'> & { override_reason?: string },
    ) =>
      api('POST /api/admin/mvps/{id}/approve', {
        params: { id: template.id },
        body: {
          ...(template.edit_at === null ? {} : { edit_at: template.edit_at }),
          ...(template.override_reason ? { override_reason: template.override_reason } : {}),
        },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
