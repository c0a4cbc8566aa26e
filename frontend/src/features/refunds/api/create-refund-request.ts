/**
 * `POST /api/refund-requests`. The new request is put at the top of the cached history at once:
 * the history reads an index that may lag the write by a moment.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundRequest, RefundRequestInput } from '@contract/refunds';
import { api } from '@/lib/api-client';
import { refundKeys } from './keys';

export function useCreateRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundRequestInput) => api('POST /api/refund-requests', { body: input }),
    onSuccess: (created) => {
      queryClient.setQueryData<RefundRequest[]>(refundKeys.list, (current) => [
        created,
        ...(current ?? []).filter((item) => item.id !== created.id),
      ]);
      // The purchase's maximum went down by what was just asked.
      void queryClient.invalidateQueries({ queryKey: refundKeys.refundable });
    },
  });
}
