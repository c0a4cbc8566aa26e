/** `GET /api/mvps/{id}/download-status`: downloaded before? downloads left? (signed in only) */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadKeys } from './keys';

export function useDownloadStatus(templateId: string, enabled: boolean) {
  return useQuery({
    queryKey: downloadKeys.status(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/download-status', { params: { id: templateId }, signal }),
    enabled,
  });
}
