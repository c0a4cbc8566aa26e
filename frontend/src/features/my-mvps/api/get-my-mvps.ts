/** `GET /api/my/mvps`: the seller's own templates (every status but archived) with stats. */
import { useQuery } from '@tanstack/react-query';
import type { MyMvpsResult } from '@contracts/seller';
import { apiRequest } from '../../../lib/api-client';

export const MY_MVPS_QUERY_KEY = ['my', 'mvps'] as const;

export function getMyMvps(signal?: AbortSignal): Promise<MyMvpsResult> {
  return apiRequest<MyMvpsResult>('/my/mvps', { signal });
}

export function useMyMvps(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: MY_MVPS_QUERY_KEY,
    queryFn: ({ signal }) => getMyMvps(signal),
    enabled: options.enabled ?? true,
    // Processing moves templates between statuses in the background; look again while any waits.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending_review') ? 3_000 : false,
  });
}
