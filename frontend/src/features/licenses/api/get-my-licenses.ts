/**
 * `GET /api/me/licenses`: the caller's licence certificates, one per template downloaded or bought
 * (newest first). Read again whenever the dashboard opens, so a download just made shows up.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { licenseKeys } from './keys';

export function useMyLicenses(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: licenseKeys.mine,
    queryFn: async ({ signal }) => (await api('GET /api/me/licenses', { signal })).items,
    enabled: options.enabled ?? true,
  });
}
