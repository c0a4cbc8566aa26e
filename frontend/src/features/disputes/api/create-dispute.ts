/**
 * `POST /api/disputes`. The new dispute goes to the top of the cached history at once (the list
 * reads indexes that may lag the write by a moment) and primes its detail page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispute, DisputeInput } from '@contract/disputes';
import { api } from '@/lib/api-client';
import { disputeKeys } from './keys';

export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisputeInput) => api('POST /api/disputes', { body: input }),
    onSuccess: (created) => {
      queryClient.setQueryData<Dispute[]>(disputeKeys.list, (current) => [
        created,
        ...(current ?? []).filter((item) => item.id !== created.id),
      ]);
      queryClient.setQueryData(disputeKeys.detail(created.id), created);
    },
  });
}
