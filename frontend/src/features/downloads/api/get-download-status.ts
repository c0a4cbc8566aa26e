/** `GET /api/mvps/{id}/download-status`: downloaded before? downloads left? (signed in only) */
import { useQuery } from '@tanstack/react-query';
import type { DownloadStatus } from '@contracts/downloads';
import { apiRequest } from '../../../lib/api-client';

export function getDownloadStatus(mvpId: string, signal?: AbortSignal): Promise<DownloadStatus> {
  return apiRequest<DownloadStatus>(`/mvps/${encodeURIComponent(mvpId)}/download-status`, {
    signal,
  });
}

export function useDownloadStatus(mvpId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['downloads', 'status', mvpId],
    queryFn: ({ signal }) => getDownloadStatus(mvpId, signal),
    enabled,
  });
}
