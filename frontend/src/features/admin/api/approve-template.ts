/**
 * `POST /api/admin/mvps/{id}/approve`: publishes the template (it is in the catalog at once) and
 * notifies the seller. A held edit's row sends its stamp, so only the edit the admin read is applied.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingTemplate } from '@contract/admin-templates';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useApproveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: Pick<PendingTemplate, 'id' | 'edit_at'>) =>
      api('POST /api/admin/mvps/{id}/approve', {
        params: { id: template.id },
        body: template.edit_at === null ? {} : { edit_at: template.edit_at },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
