/**
 * `GET /api/licenses/{id}` (public): one licence certificate, for anyone holding its id. A 404 is
 * the answer "no such licence", not a failure worth retrying.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { licenseKeys } from './keys';

export function useLicense(licenseId: string) {
  return useQuery({
    queryKey: licenseKeys.detail(licenseId),
    queryFn: ({ signal }) => api('GET /api/licenses/{id}', { params: { id: licenseId }, signal }),
    staleTime: 5 * 60_000,
  });
}
