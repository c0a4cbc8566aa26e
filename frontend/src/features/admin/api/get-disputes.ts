/** `GET /api/admin/disputes?status=`: one status of the dispute queue, oldest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DisputeStatus } from '@contract/disputes';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAdminDisputes(status: DisputeStatus) {
  return useQuery({
    queryKey: adminKeys.disputes(status),
    queryFn: async ({ signal }) =>
      (await api('GET /api/admin/disputes', { query: { status }, signal })).items,
    placeholderData: keepPreviousData,
  });
}
