/**
 * `POST /api/me/close`: closes the caller's account, confirmed by their password. The API deletes
 * the sign-in; the browser then signs out and leaves.
 */
import { useMutation } from '@tanstack/react-query';
import type { CloseAccountInput } from '@contract/account';
import { api } from '@/lib/api-client';

export { closeAccountSchema } from '@contract/account';

export function useCloseAccount() {
  return useMutation({
    mutationFn: (body: CloseAccountInput) => api('POST /api/me/close', { body }),
  });
}
