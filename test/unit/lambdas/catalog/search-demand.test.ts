/**
 * Search demand's buffer (no I/O): how a search is counted (normalised, capped, first page only,
 * no empty text), which categories it is about, typing taken back, and when the buffer is due.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  SEARCH_FLUSH_AGE_MS,
  SEARCH_FLUSH_KEYS,
  TYPING_WINDOW_MS,
  bufferedSearches,
  categoriesOfSearch,
  countSearch,
  countedQuery,
  discardSearchCounts,
  searchCountsDue,
  searchDay,
} from '../../../../lambdas/catalog/search-demand';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_DEMAND_TEXT } from '../../../../contract/search-demand';

const T0 = Date.parse('2026-03-10T12:00:00Z');
const search = (text: string, extra: Partial<Parameters<typeof countSearch>[0]> = {}) => ({
  text,
  page: 0,
  total: 1,
  resultCategories: ['SaaS'],
  ...extra,
});

afterEach(() => discardSearchCounts());

describe('countedQuery', () => {
  it('lower-cases, single-spaces and drops the little words, as search reads them', () => {
    expect(countedQuery('  Supabase   AUTH ')).toBe('supabase auth');
    expect(countedQuery('The Next.js dashboard for a shop')).toBe('next.js dashboard shop');
    expect(countedQuery('   ')).toBe('');
  });

  it('caps a long search', () => {
    const long = countedQuery('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_LENGTH);
    expect(long.endsWith(' ')).toBe(false);
  });
});

describe('categoriesOfSearch', () => {
  it('is the category filter when set', () => {
    expect(
      categoriesOfSearch(search('x', { category: 'Finance', resultCategories: ['SaaS'] })),
    ).toEqual(['Finance']);
  });

  it('else the best results’ categories, at most two of the first three', () => {
    expect(
      categoriesOfSearch(
        search('x', { resultCategories: ['SaaS', 'SaaS', 'Dashboard', 'Finance'] }),
      ),
    ).toEqual(['SaaS', 'Dashboard']);
  });

  it('with no result, the nearest category the empty page offered, if any', () => {
    expect(categoriesOfSearch(search('x', { total: 0, resultCategories: [] }))).toEqual([]);
    expect(
      categoriesOfSearch(
        search('x', { total: 0, resultCategories: [], nearestCategory: 'Dashboard' }),
      ),
    ).toEqual(['Dashboard']);
  });
});

describe('countSearch', () => {
  it('buckets by UTC day and normalised text, keeping the latest result count', () => {
    countSearch(search('Supabase Auth', { total: 2 }), T0);
    countSearch(search('supabase  auth', { total: 1 }), T0 + TYPING_WINDOW_MS + 1);
    countSearch(search('supabase auth'), Date.parse('2026-03-11T00:00:01Z'));
    expect(bufferedSearches()).toEqual([
      {
        day: '2026-03-10',
        query: 'supabase auth',
        searches: 2,
        resultCount: 1,
        categories: ['SaaS'],
      },
      {
        day: '2026-03-11',
        query: 'supabase auth',
        searches: 1,
        resultCount: 1,
        categories: ['SaaS'],
      },
    ]);
    expect(searchDay(T0)).toBe('2026-03-10');
  });

  it('counts neither later pages nor empty text', () => {
    countSearch(search('shop', { page: 2 }), T0);
    countSearch(search(' the  '), T0);
    expect(bufferedSearches()).toEqual([]);
  });

  it('takes back a search that a longer one extends while typing, not one made long before', () => {
    countSearch(search('supa'), T0);
    countSearch(search('supabase'), T0 + 400);
    countSearch(search('supabase auth'), T0 + 800);
    expect(bufferedSearches().map((entry) => entry.query)).toEqual(['supabase auth']);
    countSearch(search('shop'), T0);
    countSearch(search('shop starter'), T0 + TYPING_WINDOW_MS + 1);
    expect(bufferedSearches().map((entry) => entry.query)).toEqual([
      'supabase auth',
      'shop',
      'shop starter',
    ]);
  });
});

describe('searchCountsDue', () => {
  it('is due with SEARCH_FLUSH_KEYS searches or an entry SEARCH_FLUSH_AGE_MS old', () => {
    expect(searchCountsDue(T0)).toBe(false);
    countSearch(search('one'), T0);
    expect(searchCountsDue(T0 + SEARCH_FLUSH_AGE_MS - 1)).toBe(false);
    expect(searchCountsDue(T0 + SEARCH_FLUSH_AGE_MS)).toBe(true);
    discardSearchCounts();
    for (let i = 0; i < SEARCH_FLUSH_KEYS; i += 1) countSearch(search(`q${i}x`), T0 + i * 5_000);
    expect(searchCountsDue(T0 + SEARCH_FLUSH_KEYS * 5_000 - 29_000)).toBe(true);
  });
});

describe('the seller’s sentence', () => {
  it('says how often and how many were found', () => {
    expect(
      SEARCH_DEMAND_TEXT.sentence({ query: 'supabase auth', searches: 41, result_count: 1 }),
    ).toBe('People searched “supabase auth” 41 times this month and found 1 template');
    expect(SEARCH_DEMAND_TEXT.sentence({ query: 'kanban', searches: 1, result_count: 0 })).toBe(
      'People searched “kanban” once this month and found no template',
    );
  });
});
