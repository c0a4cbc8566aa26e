/**
 * The seller's own templates, shared by My MVPs, the seller dashboard, upload (new version) and
 * edit under one cache, so a change seen on one page is seen on the others.
 */
import { useQuery } from '@tanstack/react-query';
import type { ManagedMvp, MyMvpsResult } from '@contracts/templates';
import { ApiError } from './api-error';
import { apiRequest } from './api-client';

export const MY_MVPS_QUERY_KEY = ['my', 'mvps'] as const;

/** `GET /api/my/mvps`: every status but archived, with stats. */
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

/** `GET /api/mvps/{id}/manage`: one template in any status but archived (owner, admin or both). */
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
