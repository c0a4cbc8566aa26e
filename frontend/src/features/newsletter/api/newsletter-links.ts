/** The public newsletter links of e-mails: unsubscribe and double opt-in confirmation. */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api('POST /api/newsletter/unsubscribe', { body: { token } }),
  });
}

export function useConfirmSubscription() {
  return useMutation({
    mutationFn: (token: string) => api('POST /api/newsletter/confirm', { body: { token } }),
  });
}
