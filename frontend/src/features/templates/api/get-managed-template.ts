/** `GET /api/mvps/{id}/manage`: one template in any status but archived (owner, admin or both). */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

export function useManagedTemplate(templateId: string | undefined) {
  return useQuery({
    queryKey: templateKeys.managed(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/manage', { params: { id: templateId! }, signal }),
    enabled: Boolean(templateId),
  });
}
