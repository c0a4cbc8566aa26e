/** The browse filters as React state backed by the URL's search params. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeFilters,
  changePage,
  DEFAULT_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
} from './browse-filters';
import type { BrowseFilters, FilterChange } from './browse-filters';

export interface BrowseFilterActions {
  filters: BrowseFilters;
  /** Applies a filter change and returns to page 1; `replace` for keystroke-driven changes. */
  updateFilters: (change: FilterChange, options?: { replace?: boolean }) => void;
  goToPage: (page: number, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
}

export function useBrowseFilters(): BrowseFilterActions {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);

  // Each update starts from the latest URL, so a debounced change never undoes a newer one.
  const updateFilters = useCallback(
    (change: FilterChange, options?: { replace?: boolean }) =>
      setParams(
        (previous) =>
          filtersToSearchParams(changeFilters(filtersFromSearchParams(previous), change)),
        { replace: options?.replace ?? false },
      ),
    [setParams],
  );
  const goToPage = useCallback(
    (page: number, options?: { replace?: boolean }) =>
      setParams(
        (previous) => filtersToSearchParams(changePage(filtersFromSearchParams(previous), page)),
        { replace: options?.replace ?? false },
      ),
    [setParams],
  );
  const clearFilters = useCallback(
    () => setParams(filtersToSearchParams(DEFAULT_FILTERS)),
    [setParams],
  );
  return { filters, updateFilters, goToPage, clearFilters };
}
