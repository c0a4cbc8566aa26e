/**
 * `GET /api/mvps/{id}`: one approved template with its seller (contract 6). A 404 is an answer,
 * not a failure worth retrying. `templateQuery` is the one description of the read: the page uses
 * it, and boot asks for it before the page renders when a visitor opens a template page directly
 * (app/early-data.ts).
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './keys';

export const templateQuery = (templateId: string | undefined) =>
  queryOptions({
    queryKey: catalogKeys.detail(templateId),
    queryFn: ({ signal }) => api('GET /api/mvps/{id}', { params: { id: templateId! }, signal }),
    enabled: Boolean(templateId),
    staleTime: 30_000,
  });

export function useTemplate(templateId: string | undefined) {
  return useQuery(templateQuery(templateId));
}

/**
 * Reads the template again; the detail page hands this to the features composed into it (a
 * download or a review changes its counters), so they need not know this feature's keys.
 */
export function useRefreshTemplate(templateId: string | undefined): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.detail(templateId) });
}
