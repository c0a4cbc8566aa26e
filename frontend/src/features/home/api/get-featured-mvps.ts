/**
 * Featured templates: the 6 most downloaded approved templates (buyer spec §9: request 6, show 3),
 * through the browse endpoint.
 */
import { useQuery } from '@tanstack/react-query';
import type { BrowseResult } from '@contracts/catalog';
import { FEATURED_REQUESTED } from '@contracts/featured';
import { apiRequest } from '../../../lib/api-client';

export function getFeaturedMvps(signal?: AbortSignal): Promise<BrowseResult> {
  const query = new URLSearchParams({
    sort: 'download_count',
    limit: String(FEATURED_REQUESTED),
  });
  return apiRequest<BrowseResult>('/mvps', { query, signal });
}

export function useFeaturedMvps() {
  return useQuery({
    queryKey: ['mvps', 'featured'],
    queryFn: ({ signal }) => getFeaturedMvps(signal),
  });
}
