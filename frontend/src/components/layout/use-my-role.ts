/**
 * The signed-in caller's role, for the header's admin shortcut. Reads `GET /api/me` under the
 * shared `['me']` key, so pages that load the profile and the header share one request. The API
 * checks rights again on every admin call; this only decides what to show.
 */
import { useQuery } from '@tanstack/react-query';
import type { Profile, Role } from '@contracts/profile';
import { apiRequest } from '../../lib/api-client';

export function useMyRole(enabled: boolean): Role | undefined {
  const profile = useQuery({
    queryKey: ['me'],
    queryFn: ({ signal }) => apiRequest<Profile>('/me', { signal }),
    enabled,
    staleTime: 60_000,
  });
  return profile.data?.role;
}
