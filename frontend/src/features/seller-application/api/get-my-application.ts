/**
 * `GET /api/seller-applications/mine`: where the caller's application stands (none, under review
 * since a date, declined with the admin's reason, approved), for the wizard and the dashboard.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerApplicationKeys } from './keys';

/** The caller's application state; pass `enabled: false` while nobody is signed in. */
export function useMySellerApplication({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sellerApplicationKeys.mine,
    queryFn: ({ signal }) => api('GET /api/seller-applications/mine', { signal }),
    enabled,
  });
}
