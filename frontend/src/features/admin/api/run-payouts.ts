/**
 * `POST /api/admin/payout-runs`: runs the payouts of a month whose run never happened. The run
 * finishes in the background; the payouts and the runs list are refreshed when it is accepted.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (monthYear: string) =>
      api('POST /api/admin/payout-runs', { body: { month_year: monthYear } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
