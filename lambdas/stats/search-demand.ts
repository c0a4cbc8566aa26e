/**
 * What buyers searched for, read back (docs/architecture.md, "Search demand"): the catalog
 * function counts searches per day (SearchCount, docs/data-model.md section 3.26); this reads the
 * days of a period, one query per day in parallel, and adds them up here. Bounded: at most
 * SEARCH_DEMAND_DAYS queries of at most SEARCH_COUNTS_READ_PER_DAY small items each.
 *
 * Nothing in a count identifies who searched, and a seller is only ever given the searches about
 * the categories passed in: their own live templates' (sellers/analytics.ts decides which).
 */
import {
  SEARCH_DEMAND_DAYS,
  SEARCH_DEMAND_FEW_RESULTS,
  SEARCH_DEMAND_LIST_SIZE,
  type AdminSearchDemand,
  type SearchDemandEntry,
  type SellerSearchDemand,
} from '../../contract/search-demand';
import { mapWithConcurrency } from '../shared/concurrency';
import { listSearchCountsOfDay } from './repo';

const DAY_MS = 86_400_000;

/** The last `count` UTC days up to `now`'s, oldest first (`YYYY-MM-DD`). */
export const lastSearchDays = (now: Date, count: number): string[] =>
  Array.from({ length: count }, (_, index) =>
    new Date(now.getTime() + (index - count + 1) * DAY_MS).toISOString().slice(0, 10),
  );

/** One search over a period: its days added up. */
export interface SearchTotal extends SearchDemandEntry {
  categories: Set<string>;
}

/**
 * The period's searches (pure): each search's days added up, its result count the latest day's
 * (the catalog changes), its categories every day's together.
 */
export const addUpSearches = (
  days: readonly {
    search_day: string;
    query: string;
    searches: number;
    result_count: number;
    categories?: string[];
  }[],
): SearchTotal[] => {
  const totals = new Map<string, SearchTotal & { latestDay: string }>();
  for (const day of days) {
    let total = totals.get(day.query);
    if (!total) {
      total = {
        query: day.query,
        searches: 0,
        result_count: day.result_count,
        categories: new Set(),
        latestDay: day.search_day,
      };
      totals.set(day.query, total);
    }
    total.searches += day.searches;
    if (day.search_day >= total.latestDay) {
      total.latestDay = day.search_day;
      total.result_count = day.result_count;
    }
    for (const category of day.categories ?? []) total.categories.add(category);
  }
  return [...totals.values()].map(({ latestDay: _latest, ...total }) => total);
};

/** Most searched first (ties by text), the first `size`, without their categories. */
export const topSearches = (
  totals: readonly SearchTotal[],
  size = SEARCH_DEMAND_LIST_SIZE,
): SearchDemandEntry[] =>
  [...totals]
    .sort((a, b) => b.searches - a.searches || a.query.localeCompare(b.query))
    .slice(0, size)
    .map(({ query, searches, result_count }) => ({ query, searches, result_count }));

/**
 * Days read at once: a period is up to 30 queries, and a burst of all of them beside the page's
 * other reads overran a busy local database's request timeout; a few at a time cost one page
 * load little.
 */
const DAYS_READ_AT_ONCE = 6;

const readPeriod = async (days: readonly string[]): Promise<SearchTotal[]> =>
  addUpSearches((await mapWithConcurrency(days, DAYS_READ_AT_ONCE, listSearchCountsOfDay)).flat());

/**
 * The seller's list: the last SEARCH_DEMAND_DAYS days' searches about one of `categories` that
 * found fewer than SEARCH_DEMAND_FEW_RESULTS templates, most searched first. No category, no read.
 */
export const getSellerSearchDemand = async (
  categories: readonly string[],
  now: Date,
): Promise<SellerSearchDemand> => {
  const days = lastSearchDays(now, SEARCH_DEMAND_DAYS);
  const mine = new Set(categories);
  const totals = mine.size === 0 ? [] : await readPeriod(days);
  return {
    from: days[0]!,
    to: days[days.length - 1]!,
    categories: [...mine].sort(),
    searches: topSearches(
      totals.filter(
        (total) =>
          total.result_count < SEARCH_DEMAND_FEW_RESULTS &&
          [...total.categories].some((category) => mine.has(category)),
      ),
    ),
  };
};

/**
 * The admin's lists over the last `dayCount` days (at most SEARCH_DEMAND_DAYS: counts are kept
 * 40): every search, and those whose latest search found nothing.
 */
export const getAdminSearchDemand = async (
  dayCount: number,
  now: Date,
): Promise<AdminSearchDemand> => {
  const days = lastSearchDays(now, Math.min(dayCount, SEARCH_DEMAND_DAYS));
  const totals = await readPeriod(days);
  return {
    from: days[0]!,
    to: days[days.length - 1]!,
    total_searches: totals.reduce((sum, total) => sum + total.searches, 0),
    top: topSearches(totals),
    zero_results: topSearches(totals.filter((total) => total.result_count === 0)),
  };
};
