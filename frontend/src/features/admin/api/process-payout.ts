/**
 * `POST /api/admin/payouts/{sellerId}/{monthYear}/process`: pays one payout through the Stripe
 * transfer path. The answer says whether it was paid and the text to show; a refused transfer
 * leaves the payout failed, and it can be processed again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout } from '@contract/payouts';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useProcessPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payout: Pick<Payout, 'id' | 'seller_id' | 'month_year'>) =>
      api('POST /api/admin/payouts/{sellerId}/{monthYear}/process', {
        params: { sellerId: payout.seller_id, monthYear: payout.month_year },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
