/** `GET /api/me`: whether the caller is an approved seller (who may upload). */
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@contracts/profile';
import { apiRequest } from '../../../lib/api-client';

export function getMyProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/me', { signal });
}

export function useMyProfile(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMyProfile(signal),
    enabled: options.enabled ?? true,
  });
}
