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

const currentFilters = (): BrowseFilters =>
  filtersFromSearchParams(new URLSearchParams(window.location.search));

export function useBrowseFilters(): BrowseFilterActions {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);

  // Each update starts from the address bar, not from `params`: react-router hands functional
  // updates the params of the last render, so two quick changes (or a debounced one landing
  // after another) would otherwise drop the first.
  const updateFilters = useCallback(
    (change: FilterChange, options?: { replace?: boolean }) =>
      setParams(filtersToSearchParams(changeFilters(currentFilters(), change)), {
        replace: options?.replace ?? false,
      }),
    [setParams],
  );
  const goToPage = useCallback(
    (page: number, options?: { replace?: boolean }) =>
      setParams(filtersToSearchParams(changePage(currentFilters(), page)), {
        replace: options?.replace ?? false,
      }),
    [setParams],
  );
  const clearFilters = useCallback(
    () => setParams(filtersToSearchParams(DEFAULT_FILTERS)),
    [setParams],
  );
  return { filters, updateFilters, goToPage, clearFilters };
}
