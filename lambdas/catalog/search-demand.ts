/**
 * Search demand: how often each search was made and what it found, counted for the sellers'
 * "what buyers searched for and didn't find" and the admin's top searches (docs/architecture.md,
 * "Search demand"). Counted in this container's memory and written in batches, so a search costs
 * no write of its own:
 *   1. a browse with search text on its first page adds (day, normalised text) to the buffer,
 *      with the result count and the categories it is about; nothing about who searched;
 *   2. each browse asks whether the buffer is due (SEARCH_FLUSH_KEYS searches, or its oldest
 *      older than SEARCH_FLUSH_AGE_MS) and, if so, writes it: one UpdateItem per key, all at once,
 *      given SEARCH_FLUSH_BUDGET_MS in all;
 *   3. a flush that fails or runs out of time is logged and its counts are lost. That is the
 *      price of never failing or holding up a search, and the lists are about the top searches,
 *      which a few lost counts do not change.
 *
 * Lambda freezes a container between invocations, so nothing runs in the background: the flush is
 * checked, and awaited, inside a browse invocation (in parallel with its seller-name read). A
 * container that is reclaimed takes its buffer with it, at most SEARCH_FLUSH_KEYS searches or
 * SEARCH_FLUSH_AGE_MS of them.
 */
import { TEMPLATE_CATEGORIES } from '../../contract/categories';
import { SEARCH_QUERY_MAX_LENGTH } from '../../contract/search-demand';
import { SearchCountEntity } from '../shared/db/entities/search-count';
import { withinDeadline } from '../shared/deadline';
import { logger } from '../shared/observability';
import type { CatalogIndex } from './catalog-index';
import { normalisedText } from './catalog-search';

/** A buffer holding this many distinct searches is written. */
export const SEARCH_FLUSH_KEYS = 25;
/** A buffer whose oldest search is this old is written. */
export const SEARCH_FLUSH_AGE_MS = 30_000;
/** What a flush may cost the browse that does it, all writes together. */
export const SEARCH_FLUSH_BUDGET_MS = 200;
/** Past this many distinct searches (flushes failing), a new one is not counted. */
const MAX_BUFFERED_KEYS = 1_000;
/**
 * The search box searches after each pause in typing: a search that a longer one extends within
 * this time ("supa", then "supabase auth") was typing, not a search, and is taken back.
 */
export const TYPING_WINDOW_MS = 3_000;
/** Days a count is kept (TTL): the lists cover 30. */
const KEEP_DAYS = 40;
/** Zero-result searches given the nearest category per flush (each costs a search per word). */
const NEAREST_PER_FLUSH = 10;
/** How many categories a search is about at most (its best results'). */
const MAX_CATEGORIES = 2;

/** One counted search, as the browse saw it. */
export interface CountedSearch {
  /** The search text as typed. */
  text: string;
  /** The page asked for: only the first page is a search (the others are the same one). */
  page: number;
  /** The category filter, if any. */
  category?: string;
  /** The exact number of results. */
  total: number;
  /** The categories of the page's results, best first. */
  resultCategories: readonly string[];
}

interface Pending {
  day: string;
  query: string;
  searches: number;
  resultCount: number;
  categories: Set<string>;
  /** No filter and no result: its category is the nearest one, found at the flush. */
  needsNearest: boolean;
}

const buffer = new Map<string, Pending>();
let oldestAt: number | null = null;
/** Searches of the last TYPING_WINDOW_MS, by key, when made: the typing check's candidates. */
const recent = new Map<string, number>();
let flushing: Promise<FlushResult> | null = null;
/** The catalog the nearest category is looked for in: the latest one browsed. */
let catalog: CatalogIndex | null = null;

const keyOf = (day: string, query: string) => `${day}\u0000${query}`;

/** A search's text as it is counted: the words search reads, lower-cased, capped. */
export const countedQuery = (text: string): string =>
  normalisedText(text).slice(0, SEARCH_QUERY_MAX_LENGTH).trim();

/** The UTC day of `at`, `YYYY-MM-DD`. */
export const searchDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * What a search is about (docs/architecture.md, "Search demand"): the category filter when set;
 * else the categories of its best results (at most two, of the first three); with no result and
 * no filter none yet (the nearest category is found at the flush).
 */
export const categoriesOfSearch = (search: CountedSearch): string[] => {
  if (search.category !== undefined) return [search.category];
  return [...new Set(search.resultCategories.slice(0, 3))].slice(0, MAX_CATEGORIES);
};

/** Takes back one count of a buffered search (the typing check). */
const uncount = (key: string): void => {
  const pending = buffer.get(key);
  if (!pending) return;
  pending.searches -= 1;
  if (pending.searches <= 0) buffer.delete(key);
  if (buffer.size === 0) oldestAt = null;
};

/**
 * Counts one browse's search in the buffer (no I/O). `index` is the catalog it searched, kept
 * for the nearest category of a search that found nothing.
 */
export const countSearch = (
  search: CountedSearch,
  index: CatalogIndex | null = null,
  now = Date.now(),
): void => {
  if (search.page !== 0) return;
  const query = countedQuery(search.text);
  if (query === '') return;
  if (index) catalog = index;
  const day = searchDay(now);
  const key = keyOf(day, query);
  for (const [earlier, at] of recent) {
    if (now - at > TYPING_WINDOW_MS) recent.delete(earlier);
    else if (earlier !== key && key.startsWith(earlier)) {
      uncount(earlier);
      recent.delete(earlier);
    }
  }
  recent.delete(key);
  recent.set(key, now);

  let pending = buffer.get(key);
  if (!pending) {
    if (buffer.size >= MAX_BUFFERED_KEYS) return;
    pending = {
      day,
      query,
      searches: 0,
      resultCount: 0,
      categories: new Set(),
      needsNearest: false,
    };
    buffer.set(key, pending);
  }
  pending.searches += 1;
  pending.resultCount = search.total;
  const categories = categoriesOfSearch(search);
  for (const category of categories) pending.categories.add(category);
  pending.needsNearest = pending.categories.size === 0 && search.total === 0;
  oldestAt ??= now;
};

/** Whether the buffer should be written now. */
export const searchCountsDue = (now = Date.now()): boolean =>
  buffer.size >= SEARCH_FLUSH_KEYS || (oldestAt !== null && now - oldestAt >= SEARCH_FLUSH_AGE_MS);

/**
 * The category most of the words' matches are in: each word of a search that found nothing is
 * searched alone, and the categories' matching templates added up. Null when no word matches.
 */
export const nearestCategory = (index: CatalogIndex, query: string): string | null => {
  const counts = new Map<string, number>();
  for (const word of query.split(' ').slice(0, 4)) {
    const { rows } = index.rowsMatching(word);
    for (const category of TEMPLATE_CATEGORIES) {
      const inCategory = index.rowsWith(index.byCategory, category);
      let count = 0;
      for (let w = 0; w < rows.length; w += 1) {
        let bits = rows[w]! & inCategory[w]!;
        while (bits !== 0) {
          bits &= bits - 1;
          count += 1;
        }
      }
      if (count > 0) counts.set(category, (counts.get(category) ?? 0) + count);
    }
  }
  let best: string | null = null;
  for (const [category, count] of counts) {
    if (best === null || count > counts.get(best)!) best = category;
  }
  return best;
};

export interface FlushResult {
  /** Distinct searches written. */
  written: number;
  /** Distinct searches whose counts were lost. */
  lost: number;
}

const writeCounts = async (entries: Pending[], budgetMs: number, now: number) => {
  let nearestLeft = NEAREST_PER_FLUSH;
  for (const entry of entries) {
    if (!entry.needsNearest || catalog === null || nearestLeft === 0) continue;
    nearestLeft -= 1;
    try {
      const nearest = nearestCategory(catalog, entry.query);
      if (nearest !== null) entry.categories.add(nearest);
    } catch {
      // Without a category the search still counts for the admin's lists.
    }
  }
  const updatedAt = new Date(now).toISOString();
  // The signal aborts the requests still open at the budget; the deadline returns then even if
  // one of them does not notice.
  const results = await withinDeadline(
    budgetMs,
    () => new Error('SearchCountsTimeout'),
    (signal) =>
      Promise.allSettled(
        entries.map((entry) =>
          SearchCountEntity.update({ search_day: entry.day, query: entry.query })
            .add({ searches: entry.searches })
            .set({
              result_count: entry.resultCount,
              categories: [...entry.categories].sort(),
              updated_at: updatedAt,
              expires_at:
                Math.floor(Date.parse(`${entry.day}T00:00:00Z`) / 1000) + KEEP_DAYS * 86_400,
            })
            .go({ abortSignal: signal }),
        ),
      ),
  );
  const failures = results.filter((result) => result.status === 'rejected');
  if (failures.length > 0) {
    const reason = (failures[0] as PromiseRejectedResult).reason as unknown;
    logger.warn('Search counts were not written; they are lost', {
      lost: failures.length,
      written: results.length - failures.length,
      error: reason instanceof Error ? reason.name : String(reason),
    });
  }
  return { written: results.length - failures.length, lost: failures.length };
};

/**
 * Writes every buffered search now, whatever is due; never throws. The buffer is emptied first, so
 * searches counted during the writes go to the next flush. Tests call it to flush at once.
 */
export const flushSearchCounts = (
  options: { budgetMs?: number; now?: number } = {},
): Promise<FlushResult> => {
  if (flushing) return flushing;
  const entries = [...buffer.values()];
  buffer.clear();
  oldestAt = null;
  if (entries.length === 0) return Promise.resolve({ written: 0, lost: 0 });
  const run = writeCounts(
    entries,
    options.budgetMs ?? SEARCH_FLUSH_BUDGET_MS,
    options.now ?? Date.now(),
  )
    .catch((error: unknown) => {
      logger.warn('Search counts were not written in time; they are lost', {
        lost: entries.length,
        error: error instanceof Error ? error.message : String(error),
      });
      return { written: 0, lost: entries.length };
    })
    .finally(() => {
      flushing = null;
    });
  flushing = run;
  return run;
};

/** Writes the buffer if it is due (step 2 of the module comment); otherwise costs nothing. */
export const flushSearchCountsIfDue = async (now = Date.now()): Promise<void> => {
  if (flushing || !searchCountsDue(now)) return;
  await flushSearchCounts({ now });
};

/** Empties the buffer without writing it, as a new container starts. For tests. */
export const discardSearchCounts = (): void => {
  buffer.clear();
  recent.clear();
  oldestAt = null;
  catalog = null;
};
