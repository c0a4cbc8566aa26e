/** `GET /api/mvps/{id}/manage`: one template in any status but archived (owner, admin or both). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { templateKeys } from './keys';

export function useManagedTemplate(templateId: string | undefined) {
  return useQuery({
    queryKey: templateKeys.managed(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/manage', { params: { id: templateId! }, signal }),
    enabled: Boolean(templateId),
    // 403 and 404 are answers (not yours, gone), not failures worth retrying.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });
}
