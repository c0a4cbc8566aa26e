/** `DELETE /api/admin/newsletter-types/{id}`: audited; `site_updates` is refused. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useDeleteNewsletterType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/newsletter-types/{id}', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.newsletter }),
  });
}
