/** `GET /api/mvps/{id}/files`: the files inside a template's bundle (code preview). */
import { useQuery } from '@tanstack/react-query';
import type { BundleFiles } from '@contracts/downloads';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export function getMvpFiles(mvpId: string, signal?: AbortSignal): Promise<BundleFiles> {
  return apiRequest<BundleFiles>(`/mvps/${encodeURIComponent(mvpId)}/files`, { signal });
}

export function useMvpFiles(mvpId: string) {
  return useQuery({
    queryKey: ['mvps', 'files', mvpId],
    queryFn: ({ signal }) => getMvpFiles(mvpId, signal),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    staleTime: 5 * 60_000,
  });
}
