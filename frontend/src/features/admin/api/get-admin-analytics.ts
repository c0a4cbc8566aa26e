/** `GET /api/admin/analytics?period=`: revenue, downloads and new users by day over a period. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '@contract/admin-analytics';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAdminAnalytics(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: adminKeys.analytics(period),
    queryFn: ({ signal }) => api('GET /api/admin/analytics', { query: { period }, signal }),
    // Switching the period keeps the last charts on screen until the next figures are in.
    placeholderData: keepPreviousData,
  });
}
