/** `PATCH /api/admin/newsletter-types/{id}`: name, description or active switch (audited). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useUpdateNewsletterType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: { id: string } & ApiBody<'PATCH /api/admin/newsletter-types/{id}'>) =>
      api('PATCH /api/admin/newsletter-types/{id}', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.newsletterTypes }),
  });
}
