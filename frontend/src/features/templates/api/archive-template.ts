/** `DELETE /api/mvps/{id}`: delete (archive) a template; My MVPs reads its list again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

export function useArchiveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) =>
      api('DELETE /api/mvps/{id}', { params: { id: templateId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.mine }),
  });
}
