/**
 * `POST /api/disputes`. The new dispute goes to the top of the cached history at once (the list
 * reads indexes that may lag the write by a moment) and primes its detail page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeInputSchema, type Dispute, type DisputeInput } from '@contracts/disputes';
import { apiRequest } from '../../../lib/api-client';
import { disputesKey } from './get-disputes';

export { disputeInputSchema };

export function createDispute(input: DisputeInput): Promise<Dispute> {
  return apiRequest<Dispute>('/disputes', { method: 'POST', body: input });
}

export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDispute,
    onSuccess: (created) => {
      queryClient.setQueryData<Dispute[]>(disputesKey, (current) => [
        created,
        ...(current ?? []).filter((item) => item.id !== created.id),
      ]);
      queryClient.setQueryData(['disputes', 'detail', created.id], created);
    },
  });
}
