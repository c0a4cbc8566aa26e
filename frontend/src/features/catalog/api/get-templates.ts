/**
 * `GET /api/mvps`: one page of approved templates with the exact total (contract 6). The query
 * is built from the URL's filter state; keepPreviousData keeps the grid steady while a new page
 * or filter loads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { filtersToApiQuery, type BrowseFilters } from '../lib/browse-filters';
import { catalogKeys } from './keys';

export function useTemplates(filters: BrowseFilters) {
  const query = filtersToApiQuery(filters);
  return useQuery({
    queryKey: catalogKeys.list(query),
    queryFn: ({ signal }) => api('GET /api/mvps', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
