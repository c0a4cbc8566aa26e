import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  changePage,
  DEFAULT_FILTERS,
  effectiveSort,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  hasActiveFilters,
  shouldPaginate,
  toggleTech,
} from '../../../../../../frontend/src/features/catalog/lib/browse-filters';
import { queryString } from '../../../../../../frontend/src/lib/api-client';
import type { BrowseFilters } from '../../../../../../frontend/src/features/catalog/lib/browse-filters';

const params = (query: string) => new URLSearchParams(query);

describe('filtersFromSearchParams', () => {
  it('gives the defaults for a plain /mvps', () => {
    expect(filtersFromSearchParams(params(''))).toEqual(DEFAULT_FILTERS);
  });

  it('reads every filter, with the URL page 1-based and the state page 0-based', () => {
    const filters = filtersFromSearchParams(
      params(
        'search=crm&category=SaaS&tech_stack=React,Stripe&min_price=5&max_price=20' +
          '&price=one_time_sale&licensing_terms=premium_commercial&sort=download_count&page=3',
      ),
    );
    expect(filters).toEqual<BrowseFilters>({
      search: 'crm',
      category: 'SaaS',
      techStack: ['React', 'Stripe'],
      minPrice: '5',
      maxPrice: '20',
      price: 'one_time_sale',
      licensingTerms: 'premium_commercial',
      sort: 'download_count',
      page: 2,
    });
  });

  it('drops unknown and malformed values instead of failing', () => {
    const filters = filtersFromSearchParams(
      params(
        'category=Games&tech_stack=React,COBOL,React&min_price=-4&max_price=abc&price=cheap' +
          '&licensing_terms=pirate&sort=random&page=-2',
      ),
    );
    expect(filters).toEqual({ ...DEFAULT_FILTERS, techStack: ['React'] });
  });

  it('treats page=1 and fractional pages as the first page', () => {
    expect(filtersFromSearchParams(params('page=1')).page).toBe(0);
    expect(filtersFromSearchParams(params('page=2.5')).page).toBe(0);
  });
});

describe('filtersToSearchParams', () => {
  it('leaves defaults out so the URL stays short', () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('round-trips through the URL', () => {
    const filters: BrowseFilters = {
      search: 'shop',
      category: 'E-commerce',
      techStack: ['Next.js', 'Tailwind CSS'],
      minPrice: '0',
      maxPrice: '49.99',
      price: 'free',
      licensingTerms: 'standard_commercial',
      sort: 'average_rating',
      page: 4,
    };
    const url = filtersToSearchParams(filters);
    expect(url.get('page')).toBe('5');
    expect(filtersFromSearchParams(url)).toEqual(filters);
  });
});

describe('filtersToApiQuery', () => {
  it('sends sort and the 0-based page always, and skips empty values and "all"', () => {
    expect(queryString(filtersToApiQuery(DEFAULT_FILTERS))).toBe('?sort=published_at&page=0');
  });

  it('asks for the best match first while there is search text, unless another order is chosen', () => {
    expect(filtersToApiQuery({ ...DEFAULT_FILTERS, search: 'stripe' }).sort).toBe('relevance');
    expect(filtersToApiQuery({ ...DEFAULT_FILTERS, search: '  ' }).sort).toBe('published_at');
    const chosen = { ...DEFAULT_FILTERS, search: 'stripe', sort: 'download_count' as const };
    expect(filtersToApiQuery(chosen).sort).toBe('download_count');
    expect(effectiveSort({ search: '', sort: 'relevance' })).toBe('published_at');
    expect(filtersToSearchParams({ ...DEFAULT_FILTERS, search: 'stripe' }).has('sort')).toBe(false);
    expect(filtersFromSearchParams(params('search=stripe&sort=relevance')).sort).toBe('relevance');
  });

  it('joins technologies with commas as contract 6 expects', () => {
    const query = filtersToApiQuery({
      ...DEFAULT_FILTERS,
      search: '  crm  ',
      techStack: ['React', 'Vue.js'],
      page: 1,
    });
    expect(query.tech_stack).toBe('React,Vue.js');
    expect(query.search).toBe('crm');
    expect(query.page).toBe('1');
  });

  it('sends the Price choice as `price`, and a category beyond the first seven', () => {
    const query = filtersToApiQuery({ ...DEFAULT_FILTERS, price: 'free', category: 'Finance' });
    expect(query.price).toBe('free');
    expect(query.category).toBe('Finance');
  });
});

describe('page reset on filter change', () => {
  const onPageThree: BrowseFilters = { ...DEFAULT_FILTERS, page: 2 };

  it('returns to the first page for any filter change', () => {
    expect(changeFilters(onPageThree, { search: 'crm' }).page).toBe(0);
    expect(changeFilters(onPageThree, { sort: 'average_rating' }).page).toBe(0);
    expect(changeFilters(onPageThree, { category: 'Dashboard' }).page).toBe(0);
    expect(changeFilters(onPageThree, { maxPrice: '10' }).page).toBe(0);
    expect(toggleTech(onPageThree, 'React').page).toBe(0);
  });

  it('keeps the filters when only the page changes', () => {
    const filtered = { ...DEFAULT_FILTERS, category: 'SaaS' as const };
    expect(changePage(filtered, 3)).toEqual({ ...filtered, page: 3 });
    expect(changePage(filtered, -1).page).toBe(0);
  });
});

describe('toggleTech', () => {
  it('adds and removes a technology', () => {
    const withReact = toggleTech(DEFAULT_FILTERS, 'React');
    expect(withReact.techStack).toEqual(['React']);
    expect(toggleTech(withReact, 'React').techStack).toEqual([]);
  });
});

describe('hasActiveFilters and shouldPaginate', () => {
  it('ignores the page when deciding whether filters are active', () => {
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, page: 3 })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, licensingTerms: 'personal_use_only' })).toBe(
      true,
    );
  });

  it('paginates only above 20 results', () => {
    expect(shouldPaginate(20)).toBe(false);
    expect(shouldPaginate(21)).toBe(true);
  });
});
