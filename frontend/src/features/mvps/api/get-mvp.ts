/**
 * `GET /api/mvps/{id}`: one approved template with its seller (contract 6). A 404 is an answer,
 * not a failure worth retrying.
 */
import { useQuery } from '@tanstack/react-query';
import type { MvpDetail } from '@contracts/catalog';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export function getMvp(mvpId: string, signal?: AbortSignal): Promise<MvpDetail> {
  return apiRequest<MvpDetail>(`/mvps/${encodeURIComponent(mvpId)}`, { signal });
}

export function useMvp(mvpId: string | undefined) {
  return useQuery({
    queryKey: ['mvps', 'detail', mvpId],
    queryFn: ({ signal }) => getMvp(mvpId as string, signal),
    enabled: Boolean(mvpId),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    staleTime: 30_000,
  });
}
