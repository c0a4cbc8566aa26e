/**
 * Search counts (SearchCount, docs/data-model.md, section 3.26): the data access of
 * search-demand.ts, the flush's one UpdateItem per search and day, and the demo data's import.
 * Small on purpose: every browse of the catalog function bundles it.
 */
import { SearchCountEntity, type SearchCountItem } from '../shared/db/entities/search-count';

/**
 * Adds `searches` to a search's count of a day (ADD, so a concurrent flush of another container
 * loses nothing) and sets the latest result count, categories, time and expiry. `signal` aborts
 * the request at the flush's budget.
 */
export const addSearchCount = async (
  count: SearchCountItem,
  signal: AbortSignal,
): Promise<void> => {
  await SearchCountEntity.update({ search_day: count.search_day, query: count.query })
    .add({ searches: count.searches })
    .set({
      result_count: count.result_count,
      categories: count.categories,
      updated_at: count.updated_at,
      expires_at: count.expires_at,
    })
    .go({ abortSignal: signal });
};

/** Whether `query` was counted on any of `days` (one BatchGetItem, keys only). */
export const searchCountedOnAnyDay = async (
  query: string,
  days: readonly string[],
): Promise<boolean> => {
  const seen = await SearchCountEntity.batchGetAll(
    days.map((day) => ({ search_day: day, query })),
    { attributes: ['query'] },
  );
  return seen.length > 0;
};

/** Writes whole counts (BatchWriteItem, retried for unprocessed items). */
export const putSearchCounts = (counts: readonly SearchCountItem[]): Promise<void> =>
  SearchCountEntity.batchPut(counts);
