/** `POST /api/admin/users/{id}/mfa-reset`: turn off a user's lost authenticator app, with a reason. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useResetUserMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api('POST /api/admin/users/{id}/mfa-reset', { params: { id }, body: { reason } }),
    // The audit log gains an entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
