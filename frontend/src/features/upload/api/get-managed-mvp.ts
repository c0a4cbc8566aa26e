/** `GET /api/mvps/{id}/manage`: the template a new version is for (owner, admin or both). */
import { useQuery } from '@tanstack/react-query';
import type { ManagedMvp } from '@contracts/seller';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export function getManagedMvp(mvpId: string, signal?: AbortSignal): Promise<ManagedMvp> {
  return apiRequest<ManagedMvp>(`/mvps/${encodeURIComponent(mvpId)}/manage`, { signal });
}

export function useManagedMvp(mvpId: string | undefined) {
  return useQuery({
    queryKey: ['mvps', 'manage', mvpId],
    queryFn: ({ signal }) => getManagedMvp(mvpId as string, signal),
    enabled: Boolean(mvpId),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });
}
