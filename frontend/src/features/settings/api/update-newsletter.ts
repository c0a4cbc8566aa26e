/** `PUT /api/me/newsletter`: subscribe or unsubscribe the caller. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsletterStatus } from '@contracts/newsletter';
import { apiRequest } from '../../../lib/api-client';
import { newsletterKey } from './get-newsletter';

export function updateNewsletter(input: {
  newsletter_type_id: string;
  subscribed: boolean;
}): Promise<NewsletterStatus> {
  return apiRequest<NewsletterStatus>('/me/newsletter', { method: 'PUT', body: input });
}

export function useUpdateNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNewsletter,
    onSuccess: (status) =>
      queryClient.setQueryData(newsletterKey(status.newsletter_type_id), status),
  });
}
