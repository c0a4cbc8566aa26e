/** `DELETE /api/mvps/{id}`: delete (archive) a template. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MY_MVPS_QUERY_KEY } from '../../../lib/seller-mvps';

export function archiveMvp(mvpId: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/mvps/${encodeURIComponent(mvpId)}`, {
    method: 'DELETE',
  });
}

export function useArchiveMvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveMvp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_MVPS_QUERY_KEY }),
  });
}
