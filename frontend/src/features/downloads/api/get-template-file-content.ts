/**
 * `GET /api/mvps/{id}/files/content?path=`: one text file of a template's bundle, for callers who
 * may download it (signed in only; a 403 says why not and is not retried).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadKeys } from './keys';

export function useTemplateFileContent(templateId: string, path: string | null, enabled: boolean) {
  return useQuery({
    queryKey: downloadKeys.fileContent(templateId, path ?? ''),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/files/content', {
        params: { id: templateId },
        query: { path: path ?? '' },
        signal,
      }),
    enabled: enabled && path !== null,
    staleTime: 5 * 60_000,
  });
}
