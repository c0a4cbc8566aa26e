/** `PATCH /api/admin/users/{id}/role`: the user's Cognito groups and profile role together. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@contract/profile';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/lib/my-profile';
import { adminKeys } from './keys';

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api('PATCH /api/admin/users/{id}/role', { params: { id }, body: { role } }),
    onSettled: async () => {
      // The admin may have changed their own role (keeping admin rights): the header reads it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.me }),
      ]);
    },
  });
}
