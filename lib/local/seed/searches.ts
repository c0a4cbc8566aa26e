/**
 * Demo searches over the last weeks (docs/architecture.md, "Search demand"), so the demo seller's
 * `/analytics` shows what buyers searched for in their categories and didn't find, and the admin's
 * Analytics tab its top and zero-result searches. Written once: a later seed adds nothing.
 */
import {
  importSearchCounts,
  type ImportedSearchCount,
} from '../../../lambdas/catalog/search-demand';

export const demoSearchCounts: readonly ImportedSearchCount[] = [
  // "People searched “supabase auth” 41 times this month and found 1 template"
  { query: 'supabase auth', daysAgo: 2, searches: 26, resultCount: 1, categories: ['SaaS'] },
  { query: 'supabase auth', daysAgo: 9, searches: 15, resultCount: 1, categories: ['SaaS'] },
  { query: 'multi tenant', daysAgo: 4, searches: 23, resultCount: 0, categories: ['SaaS'] },
  {
    query: 'headless shopify',
    daysAgo: 1,
    searches: 17,
    resultCount: 0,
    categories: ['E-commerce'],
  },
  {
    query: 'subscription box',
    daysAgo: 6,
    searches: 9,
    resultCount: 2,
    categories: ['E-commerce'],
  },
  { query: 'kanban board', daysAgo: 3, searches: 12, resultCount: 0, categories: ['Dashboard'] },
  { query: 'saas starter', daysAgo: 1, searches: 88, resultCount: 7, categories: ['SaaS'] },
  { query: 'next.js', daysAgo: 5, searches: 54, resultCount: 5, categories: ['SaaS', 'Portfolio'] },
  { query: 'flutter', daysAgo: 7, searches: 8, resultCount: 0, categories: [] },
];

/** Writes the demo searches unless they were written before; returns the items written. */
export const seedSearchCounts = (): Promise<number> => importSearchCounts(demoSearchCounts);
