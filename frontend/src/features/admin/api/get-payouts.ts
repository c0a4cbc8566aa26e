/** `GET /api/admin/payouts?status=`: the sellers' payouts of one status, oldest month first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPayoutFilter } from '@contract/payouts';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAdminPayouts(status: AdminPayoutFilter) {
  return useQuery({
    queryKey: adminKeys.payouts(status),
    queryFn: async ({ signal }) =>
      (await api('GET /api/admin/payouts', { query: { status }, signal })).items,
    placeholderData: keepPreviousData,
  });
}
