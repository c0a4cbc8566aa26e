/**
 * SearchCount: how often one catalog search was made on one day (docs/data-model.md, section
 * 3.26), for the sellers' "what buyers searched for and didn't find" and the admin's top searches.
 * One item per UTC day and normalised search text; nothing identifies who searched.
 *
 * - byDay (table): pk `search_day`, sk `query` → every search of a day (a period is one query per
 *   day, in parallel); one search of a day (the flush's UpdateItem).
 *
 * Written only by the catalog function's buffered flush (`catalog/search-demand.ts`): an UpdateItem
 * that ADDs `searches` (never lost to a concurrent flush of another container) and SETs the latest
 * `result_count` and `categories`. Expires with TTL 40 days after its day: the lists cover 30.
 */
import { defineEntity } from '../entity';

export interface SearchCountItem {
  /** The UTC day, `YYYY-MM-DD`. */
  search_day: string;
  /** The normalised search text (contract/search-demand.ts). */
  query: string;
  /** Searches of it that day. */
  searches: number;
  /** What its latest counted search found. */
  result_count: number;
  /**
   * The categories it is about (docs/architecture.md, "Search demand"): the category filter, else
   * those of its best results, else the nearest category; empty when none could be told.
   */
  categories: string[];
  updated_at: string;
  /** Epoch seconds (TTL): the day + 40 days. */
  expires_at: number;
}

export const SearchCountEntity = defineEntity<SearchCountItem>()({
  entity: 'searchCount',
  version: '1',
  indexes: {
    byDay: { pk: ['search_day'], sk: ['query'] },
  },
});
