/** `GET /api/mvps/{id}/files`: the files inside a template's bundle (code preview). */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadKeys } from './keys';

export function useTemplateFiles(templateId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: downloadKeys.files(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/files', { params: { id: templateId }, signal }),
    staleTime: 5 * 60_000,
  });
}
