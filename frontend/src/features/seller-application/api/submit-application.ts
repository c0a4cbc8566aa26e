/**
 * `POST /api/seller-applications` as the signed-in account: an existing account applies as it
 * is, and a new one is created, confirmed and signed in by the wizard first (the password never
 * reaches our API). The applicant stays signed in; their application state and profile are
 * read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerApplicationBody } from '@contract/seller-applications';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/lib/my-profile';
import { sellerApplicationKeys } from './keys';

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: SellerApplicationBody) =>
      api('POST /api/seller-applications', { body: application }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sellerApplicationKeys.mine }),
        queryClient.invalidateQueries({ queryKey: profileKeys.me }),
      ]);
    },
  });
}
