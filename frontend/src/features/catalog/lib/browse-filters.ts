/**
 * The browse view's state lives in the URL, so a reload or a shared link shows the same view.
 * This module maps URL search params to filter state and back, builds the API query
 * (contract 6) and holds the rule that any filter change returns to the first page.
 *
 * URL parameters use the API's names; `page` in the URL is 1-based (what people read and share)
 * and is omitted on the first page, while the API's `page` is 0-based.
 */
import { TEMPLATE_CATEGORIES } from '@contract/categories';
import {
  ACCESS_TIERS,
  BROWSE_PAGE_SIZE,
  BROWSE_TECH_STACKS,
  BROWSE_SORTS,
  LICENSING_TERMS,
  RELEVANCE_SORT,
} from '@contract/browse-options';
import type { AccessTier, BrowseSort, LicensingTerms } from '@contract/browse-options';
import type { ApiQuery } from '@/lib/api-client';

export type BrowseCategory = (typeof TEMPLATE_CATEGORIES)[number];
export type BrowseTech = (typeof BROWSE_TECH_STACKS)[number];

export interface BrowseFilters {
  search: string;
  /**
   * The order asked for. `relevance` (the default) is the best match first while there is search
   * text and the newest first without it (see `effectiveSort`); another order is kept as chosen.
   */
  sort: BrowseSort;
  /** Kept as typed text so a half-typed price is not rewritten under the cursor. */
  minPrice: string;
  maxPrice: string;
  /** How the template is had (Free, with a subscription, one-time purchase), or all. */
  price: AccessTier | 'all';
  licensingTerms: LicensingTerms | 'all';
  category: BrowseCategory | 'All';
  techStack: BrowseTech[];
  /** 0-based, as the API counts. */
  page: number;
}

export type FilterChange = Partial<Omit<BrowseFilters, 'page'>>;

export const DEFAULT_FILTERS: BrowseFilters = {
  search: '',
  sort: RELEVANCE_SORT,
  minPrice: '',
  maxPrice: '',
  price: 'all',
  licensingTerms: 'all',
  category: 'All',
  techStack: [],
  page: 0,
};

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

/** A price the API accepts (a number of at least 0), or '' for anything else. */
const cleanPrice = (value: string | null): string => {
  if (value === null || value.trim() === '') return '';
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? value.trim() : '';
};

/**
 * Reads filters from the URL. Unknown or malformed values fall back to their defaults instead of
 * failing, because URLs are typed and edited by hand.
 */
export function filtersFromSearchParams(params: URLSearchParams): BrowseFilters {
  const pageNumber = Number(params.get('page'));
  const techStack = (params.get('tech_stack') ?? '')
    .split(',')
    .map((item) => oneOf(BROWSE_TECH_STACKS, item.trim()))
    .filter((item): item is BrowseTech => item !== undefined);
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    sort: oneOf(BROWSE_SORTS, params.get('sort')) ?? DEFAULT_FILTERS.sort,
    minPrice: cleanPrice(params.get('min_price')),
    maxPrice: cleanPrice(params.get('max_price')),
    price: oneOf(ACCESS_TIERS, params.get('price')) ?? 'all',
    licensingTerms: oneOf(LICENSING_TERMS, params.get('licensing_terms')) ?? 'all',
    category: oneOf(TEMPLATE_CATEGORIES, params.get('category')) ?? 'All',
    techStack: [...new Set(techStack)],
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber - 1 : 0,
  };
}

/** The order the results are in: the best match first only while there is search text. */
export function effectiveSort(filters: Pick<BrowseFilters, 'search' | 'sort'>): BrowseSort {
  return filters.sort === RELEVANCE_SORT && !filters.search.trim() ? 'published_at' : filters.sort;
}

/** Writes filters to the URL, leaving out defaults so a plain `/mvps` stays plain. */
export function filtersToSearchParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.category !== 'All') params.set('category', filters.category);
  if (filters.techStack.length) params.set('tech_stack', filters.techStack.join(','));
  if (filters.minPrice) params.set('min_price', filters.minPrice);
  if (filters.maxPrice) params.set('max_price', filters.maxPrice);
  if (filters.price !== 'all') params.set('price', filters.price);
  if (filters.licensingTerms !== 'all') params.set('licensing_terms', filters.licensingTerms);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.page > 0) params.set('page', String(filters.page + 1));
  return params;
}

/**
 * The `GET /api/mvps` query for these filters; empty values and `all` are left out, sort
 * and the 0-based page always sent. Key order is the query string's order.
 */
export function filtersToApiQuery(filters: BrowseFilters): ApiQuery<'GET /api/mvps'> {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.category !== 'All' ? { category: filters.category } : {}),
    ...(filters.techStack.length ? { tech_stack: filters.techStack.join(',') } : {}),
    ...(filters.minPrice ? { min_price: filters.minPrice } : {}),
    ...(filters.maxPrice ? { max_price: filters.maxPrice } : {}),
    ...(filters.price !== 'all' ? { price: filters.price } : {}),
    ...(filters.licensingTerms !== 'all' ? { licensing_terms: filters.licensingTerms } : {}),
    sort: effectiveSort(filters),
    page: String(filters.page),
  };
}

/** Applies a filter change; any filter change goes back to the first page. */
export function changeFilters(current: BrowseFilters, change: FilterChange): BrowseFilters {
  return { ...current, ...change, page: 0 };
}

/** Moves to another page, keeping the filters. */
export function changePage(current: BrowseFilters, page: number): BrowseFilters {
  return { ...current, page: Math.max(0, Math.floor(page)) };
}

/** Adds or removes one technology from the selection. */
export function toggleTech(current: BrowseFilters, tech: BrowseTech): BrowseFilters {
  const techStack = current.techStack.includes(tech)
    ? current.techStack.filter((item) => item !== tech)
    : [...current.techStack, tech];
  return changeFilters(current, { techStack });
}

/** Whether any filter differs from the defaults (drives the Clear All button). */
export function hasActiveFilters(filters: BrowseFilters): boolean {
  return filtersToSearchParams({ ...filters, page: 0 }).size > 0;
}

/** Numbered pagination appears only when there is more than one page of 20. */
export function shouldPaginate(total: number, pageSize: number = BROWSE_PAGE_SIZE): boolean {
  return total > pageSize;
}
