/** `GET /api/my/mvps/downloads`: the latest downloads of the seller's templates (dashboard). */
import { useQuery } from '@tanstack/react-query';
import type { SellerDownloadsResult } from '@contracts/downloads';
import { apiRequest } from '../../../lib/api-client';

export const RECENT_DOWNLOADS_QUERY_KEY = ['my', 'mvp-downloads'] as const;

export function getRecentDownloads(signal?: AbortSignal): Promise<SellerDownloadsResult> {
  return apiRequest<SellerDownloadsResult>('/my/mvps/downloads', { signal });
}

export function useRecentDownloads() {
  return useQuery({
    queryKey: RECENT_DOWNLOADS_QUERY_KEY,
    queryFn: ({ signal }) => getRecentDownloads(signal),
  });
}
