/** `POST /api/mvps/{id}/versions/{versionId}/withdraw`: the owner withdraws a version not live yet. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

export function useWithdrawVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mvpId: string; versionId: string }) =>
      api('POST /api/mvps/{id}/versions/{versionId}/withdraw', {
        params: { id: input.mvpId, versionId: input.versionId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
