/** `POST /api/mvps/{id}/retry`: process a scan_failed or ipfs_pin_failed template again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MvpWriteResult } from '@contracts/templates';
import { apiRequest } from '../../../lib/api-client';
import { MY_MVPS_QUERY_KEY } from '../../../lib/seller-mvps';

export function retryProcessing(mvpId: string): Promise<MvpWriteResult> {
  return apiRequest<MvpWriteResult>(`/mvps/${encodeURIComponent(mvpId)}/retry`, {
    method: 'POST',
  });
}

export function useRetryProcessing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryProcessing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_MVPS_QUERY_KEY }),
  });
}
