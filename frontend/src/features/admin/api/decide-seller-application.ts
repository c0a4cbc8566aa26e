/**
 * `POST /api/admin/seller-applications/{userId}/decision`: approve (the applicant becomes an
 * approved seller) or reject with a reason the applicant is told.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerApplicationDecisionBody } from '@contract/seller-applications';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useDecideSellerApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: SellerApplicationDecisionBody & { userId: string }) =>
      api('POST /api/admin/seller-applications/{userId}/decision', { params: { userId }, body }),
    // The users list shows roles and approvals too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
