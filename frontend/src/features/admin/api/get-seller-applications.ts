/** `GET /api/admin/seller-applications`: pending applications first (oldest first), then decided. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useSellerApplications() {
  return useQuery({
    queryKey: adminKeys.sellerApplications,
    queryFn: ({ signal }) => api('GET /api/admin/seller-applications', { signal }),
  });
}
