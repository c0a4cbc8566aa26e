/** `PUT /api/me/newsletter`: subscribe or unsubscribe the caller. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export function useUpdateNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ApiBody<'PUT /api/me/newsletter'>) =>
      api('PUT /api/me/newsletter', { body: update }),
    onSuccess: (status) =>
      queryClient.setQueryData(settingsKeys.newsletter(status.newsletter_type_id), status),
  });
}
