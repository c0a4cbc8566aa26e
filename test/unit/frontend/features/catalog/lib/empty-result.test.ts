import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersToSearchParams,
  type BrowseFilters,
} from '../../../../../../frontend/src/features/catalog/lib/browse-filters';
import {
  describeFilters,
  joinPhrases,
  withoutFilters,
} from '../../../../../../frontend/src/features/catalog/lib/empty-result';

const filters: BrowseFilters = {
  ...DEFAULT_FILTERS,
  search: 'stripe',
  sort: 'download_count',
  category: 'Dashboard',
  techStack: ['React', 'Stripe'],
  price: 'free',
  minPrice: '',
  maxPrice: '0',
  licensingTerms: 'personal_use_only',
  page: 2,
};

describe('the filters an empty answer says to drop', () => {
  it('drops exactly those, keeps the search and the order, and goes back to the first page', () => {
    const kept = withoutFilters(filters, ['max_price', 'category']);
    expect(kept).toEqual({ ...filters, maxPrice: '', category: 'All', page: 0 });
    expect(filtersToSearchParams(kept).toString()).toBe(
      'search=stripe&tech_stack=React%2CStripe&price=free&licensing_terms=personal_use_only&sort=download_count',
    );
  });

  it('names them in the filter panel’s words, never as query values', () => {
    expect(
      describeFilters(filters, [
        'category',
        'tech_stack',
        'price',
        'min_price',
        'max_price',
        'licensing_terms',
      ]),
    ).toEqual([
      'Category: Dashboard',
      'React + Stripe',
      'Price: Free',
      'Price ≤ £0',
      'Licensing terms: Personal Use Only',
    ]);
    const range = { ...filters, minPrice: '5', maxPrice: '9.5' };
    expect(describeFilters(range, ['min_price', 'max_price'])).toEqual(['Price £5–£9.50']);
    expect(describeFilters(range, ['min_price'])).toEqual(['Price ≥ £5']);
  });

  it('joins the phrases as a sentence does', () => {
    expect(joinPhrases(['Price: Free'])).toBe('Price: Free');
    expect(joinPhrases(['A', 'B'])).toBe('A and B');
    expect(joinPhrases(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
