/** `GET /api/my/mvps/downloads`: the latest downloads of the seller's templates (dashboard). */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

export function useRecentDownloads() {
  return useQuery({
    queryKey: templateKeys.recentDownloads,
    queryFn: ({ signal }) => api('GET /api/my/mvps/downloads', { signal }),
  });
}
