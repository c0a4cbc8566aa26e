/**
 * Featured templates: the 6 most downloaded approved templates (buyer spec §9: request 6, show 3),
 * through the browse endpoint.
 */
import { useQuery } from '@tanstack/react-query';
import { FEATURED_REQUESTED } from '@contracts/featured';
import { api } from '../../../lib/api-client';
import { homeKeys } from './keys';

export function useFeaturedMvps() {
  return useQuery({
    queryKey: homeKeys.featured,
    queryFn: ({ signal }) =>
      api('GET /api/mvps', {
        query: { sort: 'download_count', limit: String(FEATURED_REQUESTED) },
        signal,
      }),
  });
}
