/** `GET /api/stats`: the home hero's live figures. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { homeKeys } from './keys';

export function useHomeStats() {
  return useQuery({
    queryKey: homeKeys.stats,
    queryFn: ({ signal }) => api('GET /api/stats', { signal }),
  });
}
