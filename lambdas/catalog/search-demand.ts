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
import { SEARCH_QUERY_MAX_LENGTH } from '../../contract/search-demand';
import { withinDeadline } from '../shared/deadline';
import { logger } from '../shared/observability';
import { normalisedText } from './catalog-search';
import { addSearchCount, putSearchCounts, searchCountedOnAnyDay } from './search-demand-repo';

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
  /** With no result: the nearest category, as the empty page offers it (empty-result.ts). */
  nearestCategory?: string;
}

interface Pending {
  day: string;
  query: string;
  searches: number;
  resultCount: number;
  categories: Set<string>;
}

const buffer = new Map<string, Pending>();
let oldestAt: number | null = null;
/** Searches of the last TYPING_WINDOW_MS, by key, when made: the typing check's candidates. */
const recent = new Map<string, number>();
let flushing: Promise<FlushResult> | null = null;

const keyOf = (day: string, query: string) => `${day}\u0000${query}`;

/** A search's text as it is counted: the words search reads, lower-cased, capped. */
export const countedQuery = (text: string): string =>
  normalisedText(text).slice(0, SEARCH_QUERY_MAX_LENGTH).trim();

/** When a day's count expires (TTL, epoch seconds): KEEP_DAYS after the day. */
const expiryOf = (day: string): number =>
  Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + KEEP_DAYS * 86_400;

/** The UTC day of `at`, `YYYY-MM-DD`. */
export const searchDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * What a search is about (docs/architecture.md, "Search demand"): the category filter when set;
 * else the categories of its best results (at most two, of the first three); with no result, the
 * nearest category the empty page offered, if any.
 */
export const categoriesOfSearch = (search: CountedSearch): string[] => {
  if (search.category !== undefined) return [search.category];
  if (search.total === 0)
    return search.nearestCategory === undefined ? [] : [search.nearestCategory];
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

/** Counts one browse's search in the buffer (no I/O). */
export const countSearch = (search: CountedSearch, now = Date.now()): void => {
  if (search.page !== 0) return;
  const query = countedQuery(search.text);
  if (query === '') return;
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
    pending = { day, query, searches: 0, resultCount: 0, categories: new Set() };
    buffer.set(key, pending);
  }
  pending.searches += 1;
  pending.resultCount = search.total;
  for (const category of categoriesOfSearch(search)) pending.categories.add(category);
  oldestAt ??= now;
};

/** Whether the buffer should be written now. */
export const searchCountsDue = (now = Date.now()): boolean =>
  buffer.size >= SEARCH_FLUSH_KEYS || (oldestAt !== null && now - oldestAt >= SEARCH_FLUSH_AGE_MS);

export interface FlushResult {
  /** Distinct searches written. */
  written: number;
  /** Distinct searches whose counts were lost. */
  lost: number;
}

const writeCounts = async (entries: Pending[], budgetMs: number, now: number) => {
  const updatedAt = new Date(now).toISOString();
  // The signal aborts the requests still open at the budget; the deadline returns then even if
  // one of them does not notice.
  const results = await withinDeadline(
    budgetMs,
    () => new Error('SearchCountsTimeout'),
    (signal) =>
      Promise.allSettled(
        entries.map((entry) =>
          addSearchCount(
            {
              search_day: entry.day,
              query: entry.query,
              searches: entry.searches,
              result_count: entry.resultCount,
              categories: [...entry.categories].sort(),
              updated_at: updatedAt,
              expires_at: expiryOf(entry.day),
            },
            signal,
          ),
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

/** What the buffer holds, oldest first (a copy). For tests. */
export const bufferedSearches = (): {
  day: string;
  query: string;
  searches: number;
  resultCount: number;
  categories: string[];
}[] =>
  [...buffer.values()].map(({ day, query, searches, resultCount, categories }) => ({
    day,
    query,
    searches,
    resultCount,
    categories: [...categories].sort(),
  }));

/** Empties the buffer without writing it, as a new container starts. For tests. */
export const discardSearchCounts = (): void => {
  buffer.clear();
  recent.clear();
  oldestAt = null;
};

/** One day's count of a search, as demo data gives it. */
export interface ImportedSearchCount {
  query: string;
  daysAgo: number;
  searches: number;
  resultCount: number;
  categories: string[];
}

/**
 * Writes demo searches (lib/local/seed), each unless its search was already counted on any day of
 * the last 30: a seed run again, on another day, adds nothing.
 */
export const importSearchCounts = async (
  counts: readonly ImportedSearchCount[],
  now = Date.now(),
): Promise<number> => {
  const window = Array.from({ length: 30 }, (_, days) => searchDay(now - days * 86_400_000));
  let written = 0;
  for (const query of new Set(counts.map((count) => count.query))) {
    if (await searchCountedOnAnyDay(query, window)) continue;
    const items = counts
      .filter((count) => count.query === query)
      .map((count) => {
        const day = searchDay(now - count.daysAgo * 86_400_000);
        return {
          search_day: day,
          query,
          searches: count.searches,
          result_count: count.resultCount,
          categories: [...count.categories].sort(),
          updated_at: new Date(now).toISOString(),
          expires_at: expiryOf(day),
        };
      });
    await putSearchCounts(items);
    written += items.length;
  }
  return written;
};
