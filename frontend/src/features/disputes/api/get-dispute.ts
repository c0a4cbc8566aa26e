/** `GET /api/disputes/{id}`: 403 and 404 are answers to show, not failures worth retrying. */
import { useQuery } from '@tanstack/react-query';
import type { Dispute } from '@contracts/disputes';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export function getDispute(id: string, signal?: AbortSignal): Promise<Dispute> {
  return apiRequest<Dispute>(`/disputes/${encodeURIComponent(id)}`, { signal });
}

export function useDispute(id: string | undefined) {
  return useQuery({
    queryKey: ['disputes', 'detail', id],
    queryFn: ({ signal }) => getDispute(id as string, signal),
    enabled: Boolean(id),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });
}
