/** `GET /api/admin/payout-runs`: the monthly runs owed over the last year, newest first. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAdminPayoutRuns() {
  return useQuery({
    queryKey: adminKeys.payoutRuns,
    queryFn: async ({ signal }) => (await api('GET /api/admin/payout-runs', { signal })).months,
  });
}
