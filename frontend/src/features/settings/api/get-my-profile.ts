/** `GET /api/me`: the caller's profile (created on first sight). Shared cache key `['me']`. */
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@contracts/profile';
import { apiRequest } from '../../../lib/api-client';

export const myProfileKey = ['me'] as const;

export function getMyProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/me', { signal });
}

/** The caller's profile; only fetched while signed in. */
export function useMyProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myProfileKey,
    queryFn: ({ signal }) => getMyProfile(signal),
    enabled,
    staleTime: 60_000,
  });
}
