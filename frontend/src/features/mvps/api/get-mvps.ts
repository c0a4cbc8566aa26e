/**
 * `GET /api/mvps`: one page of approved templates with the exact total (contract 6). The query
 * is built from the URL's filter state; keepPreviousData keeps the grid steady while a new page
 * or filter loads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BrowseResult } from '@contracts/catalog';
import { apiRequest } from '../../../lib/api-client';
import { filtersToApiQuery } from '../lib/browse-filters';
import type { BrowseFilters } from '../lib/browse-filters';

export function getMvps(filters: BrowseFilters, signal?: AbortSignal): Promise<BrowseResult> {
  return apiRequest<BrowseResult>('/mvps', { query: filtersToApiQuery(filters), signal });
}

export function useMvps(filters: BrowseFilters) {
  return useQuery({
    queryKey: ['mvps', 'list', filtersToApiQuery(filters).toString()],
    queryFn: ({ signal }) => getMvps(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
