/** `GET /api/admin/mvps?status=`: templates waiting for review (or failed), oldest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PendingTemplateFilter } from '@contract/admin-templates';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function usePendingTemplates(status: PendingTemplateFilter) {
  return useQuery({
    queryKey: adminKeys.mvps(status),
    queryFn: ({ signal }) => api('GET /api/admin/mvps', { query: { status }, signal }),
    placeholderData: keepPreviousData,
  });
}
