/** `GET /api/disputes/{id}`: 403 and 404 are answers to show, not failures worth retrying. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { disputeKeys } from './keys';

export function useDispute(id: string | undefined) {
  return useQuery({
    queryKey: disputeKeys.detail(id),
    queryFn: ({ signal }) => api('GET /api/disputes/{id}', { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}
