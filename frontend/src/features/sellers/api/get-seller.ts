/** `GET /api/sellers/{username}`: an approved seller's public page. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerKeys } from './keys';

export function useSeller(username: string) {
  return useQuery({
    queryKey: sellerKeys.profile(username),
    queryFn: ({ signal }) => api('GET /api/sellers/{username}', { params: { username }, signal }),
    // A 404 (unknown or unapproved seller) will not change on retry.
    retry: false,
  });
}
