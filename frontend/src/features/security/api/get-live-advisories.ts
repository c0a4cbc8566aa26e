/**
 * `GET /api/admin/security-advisories`: the live templates whose live version has known
 * advisories (the admin dashboard's Security tab).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from './keys';

export function useLiveAdvisories() {
  return useQuery({
    queryKey: securityKeys.adminList,
    queryFn: ({ signal }) => api('GET /api/admin/security-advisories', { signal }),
    staleTime: 30_000,
  });
}
