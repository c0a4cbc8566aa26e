/** `GET /api/my/analytics`: the caller's own templates month by month (last twelve months). */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './keys';

export function useSellerAnalytics() {
  return useQuery({
    queryKey: analyticsKeys.mine,
    queryFn: ({ signal }) => api('GET /api/my/analytics', { signal }),
  });
}
