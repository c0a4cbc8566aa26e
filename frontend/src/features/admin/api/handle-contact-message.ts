/** `POST /api/admin/contact-messages/{id}/handle`: new → handled (audited). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useHandleContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/admin/contact-messages/{id}/handle', { params: { id } }),
    // The message moves from the new list to the handled one, and is a new audit entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
