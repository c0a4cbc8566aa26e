/** `POST /api/notifications/unsubscribe`: the unsubscribe link of an optional notification e-mail. */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useUnsubscribeEmail() {
  return useMutation({
    mutationFn: (token: string) => api('POST /api/notifications/unsubscribe', { body: { token } }),
  });
}
