/**
 * Featured templates: the 6 most downloaded approved templates (request 6, show 3),
 * through the browse endpoint; of one browse category when a pill is chosen.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FEATURED_REQUESTED } from '@contract/featured';
import { api } from '@/lib/api-client';
import { homeKeys } from './keys';

export function useFeaturedTemplates(category: string | null) {
  return useQuery({
    queryKey: homeKeys.featured(category),
    queryFn: ({ signal }) =>
      api('GET /api/mvps', {
        query: {
          sort: 'download_count',
          limit: String(FEATURED_REQUESTED),
          ...(category !== null && { category }),
        },
        signal,
      }),
    // The previous pill's cards stay while the next one's load, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}
