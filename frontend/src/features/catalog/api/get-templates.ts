/**
 * `GET /api/mvps`: one page of approved templates with the exact total (contract 6). The query
 * is built from the URL's filter state; keepPreviousData keeps the grid steady while a new page
 * or filter loads. `templatesQuery` is the one description of the read: the page uses it, and boot
 * asks for it before the page renders when a visitor opens `/mvps` directly (app/early-data.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { filtersToApiQuery, type BrowseFilters } from '../lib/browse-filters';
import { catalogKeys } from './keys';

export const templatesQuery = (filters: BrowseFilters) => {
  const query = filtersToApiQuery(filters);
  return queryOptions({
    queryKey: catalogKeys.list(query),
    queryFn: ({ signal }) => api('GET /api/mvps', { query, signal }),
    staleTime: 30_000,
  });
};

export function useTemplates(filters: BrowseFilters) {
  return useQuery({ ...templatesQuery(filters), placeholderData: keepPreviousData });
}
