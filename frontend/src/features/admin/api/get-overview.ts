/** `GET /api/admin/overview`: the 8 figures, the first pending templates and payouts, new users. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => api('GET /api/admin/overview', { signal }),
  });
}
