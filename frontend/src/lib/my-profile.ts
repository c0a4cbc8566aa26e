/**
 * `GET /api/me`: the caller's profile (created by the API on first sight). Shared by every page
 * that needs the role, quota or seller approval, under one cache key, so the header, dashboard,
 * settings and seller pages share one request. The API checks rights again on every call; the
 * frontend only decides what to show.
 */
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@contracts/profile';
import { apiRequest } from './api-client';

export const myProfileKey = ['me'] as const;

export function getMyProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/me', { signal });
}

/** The caller's profile; pass `enabled: false` while nobody is signed in. */
export function useMyProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myProfileKey,
    queryFn: ({ signal }) => getMyProfile(signal),
    enabled,
    staleTime: 60_000,
  });
}
