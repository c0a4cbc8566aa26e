/** `POST /api/mvps/{id}/rebuild`: the seller builds the newest version again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buildKeys } from './keys';

export function useRebuild(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/mvps/{id}/rebuild', { params: { id: templateId } }),
    // Accepted or refused, the report says where the build stands now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: buildKeys.newest(templateId) }),
  });
}
