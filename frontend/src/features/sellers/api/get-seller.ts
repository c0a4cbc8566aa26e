/** `GET /api/sellers/{username}`: an approved seller's public page. */
import { useQuery } from '@tanstack/react-query';
import type { PublicSellerProfile } from '@contracts/sellers';
import { apiRequest } from '../../../lib/api-client';

export function getSeller(username: string, signal?: AbortSignal): Promise<PublicSellerProfile> {
  return apiRequest<PublicSellerProfile>(`/sellers/${encodeURIComponent(username)}`, { signal });
}

export function useSeller(username: string) {
  return useQuery({
    queryKey: ['sellers', username.toLowerCase()],
    queryFn: ({ signal }) => getSeller(username, signal),
    // A 404 (unknown or unapproved seller) will not change on retry.
    retry: false,
  });
}
