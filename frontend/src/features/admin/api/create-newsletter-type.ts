/** `POST /api/admin/newsletter-types`: a new type (audited). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useCreateNewsletterType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/admin/newsletter-types'>) =>
      api('POST /api/admin/newsletter-types', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.newsletterTypes }),
  });
}
