/**
 * `POST /api/refund-requests`. The new request is put at the top of the cached history at once:
 * the history reads an index that may lag the write by a moment.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  refundRequestInputSchema,
  type RefundRequest,
  type RefundRequestInput,
} from '@contracts/refunds';
import { apiRequest } from '../../../lib/api-client';
import { refundRequestsKey } from './get-refund-requests';

export { refundRequestInputSchema };

export function createRefundRequest(input: RefundRequestInput): Promise<RefundRequest> {
  return apiRequest<RefundRequest>('/refund-requests', { method: 'POST', body: input });
}

export function useCreateRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefundRequest,
    onSuccess: (created) => {
      queryClient.setQueryData<RefundRequest[]>(refundRequestsKey, (current) => [
        created,
        ...(current ?? []).filter((item) => item.id !== created.id),
      ]);
    },
  });
}
