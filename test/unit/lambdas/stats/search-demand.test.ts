/** Search demand's read side (pure parts): a period's days added up, and the top of them. */
import { describe, expect, it } from 'vitest';
import {
  addUpSearches,
  lastSearchDays,
  topSearches,
} from '../../../../lambdas/stats/search-demand';

describe('addUpSearches', () => {
  it('adds a search’s days, keeps the latest day’s result count and every category', () => {
    const totals = addUpSearches([
      {
        search_day: '2026-03-09',
        query: 'supabase auth',
        searches: 11,
        result_count: 0,
        categories: ['SaaS'],
      },
      {
        search_day: '2026-03-10',
        query: 'supabase auth',
        searches: 30,
        result_count: 1,
        categories: ['Dashboard'],
      },
      {
        search_day: '2026-03-08',
        query: 'supabase auth',
        searches: 1,
        result_count: 5,
        categories: [],
      },
      { search_day: '2026-03-10', query: 'kanban', searches: 2, result_count: 0, categories: [] },
    ]);
    expect(totals).toEqual([
      {
        query: 'supabase auth',
        searches: 42,
        result_count: 1,
        categories: new Set(['SaaS', 'Dashboard']),
      },
      { query: 'kanban', searches: 2, result_count: 0, categories: new Set() },
    ]);
  });
});

describe('topSearches', () => {
  it('is most searched first, ties by text, cut to the list size', () => {
    const totals = ['b', 'a', 'c'].map((query, i) => ({
      query,
      searches: i === 2 ? 9 : 4,
      result_count: 0,
      categories: new Set<string>(),
    }));
    expect(topSearches(totals, 2)).toEqual([
      { query: 'c', searches: 9, result_count: 0 },
      { query: 'a', searches: 4, result_count: 0 },
    ]);
  });
});

describe('lastSearchDays', () => {
  it('is the last days up to today’s, oldest first, in UTC', () => {
    expect(lastSearchDays(new Date('2026-03-01T23:30:00Z'), 3)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});
