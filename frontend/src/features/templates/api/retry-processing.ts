/** `POST /api/mvps/{id}/retry`: process a scan_failed or ipfs_pin_failed template again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

export function useRetryProcessing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) =>
      api('POST /api/mvps/{id}/retry', { params: { id: templateId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
