/** `GET /api/health`: the live health `/status` shows, asked again every 30 seconds. */
import { useQuery } from '@tanstack/react-query';
import { HEALTH_REFRESH_SECONDS } from '@contract/health';
import { api } from '@/lib/api-client';
import { statusKeys } from './keys';

export function useHealth() {
  return useQuery({
    queryKey: statusKeys.health,
    queryFn: ({ signal }) => api('GET /api/health', { signal }),
    refetchInterval: HEALTH_REFRESH_SECONDS * 1000,
    refetchIntervalInBackground: false,
  });
}
