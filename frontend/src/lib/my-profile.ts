/**
 * `GET /api/me`: the caller's profile (created by the API on first sight). Shared by every page
 * that needs the role, quota or seller approval, under one cache key, so the header, dashboard,
 * settings and seller pages share one request. The API checks rights again on every call; the
 * frontend only decides what to show.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The profile's cache key: read here, written by the settings form, refreshed after a download. */
export const profileKeys = {
  me: ['me'] as const,
};

/** The caller's profile; pass `enabled: false` while nobody is signed in. */
export function useMyProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.me,
    queryFn: ({ signal }) => api('GET /api/me', { signal }),
    enabled,
    staleTime: 60_000,
  });
}
