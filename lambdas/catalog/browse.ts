/**
 * Browse over the in-memory catalog: pure functions, no I/O.
 *
 * The approved catalog is held as columns (catalog-columns.ts) with indexes built once at load
 * (catalog-index.ts): a sort order per sort option, a bitmap per category, licence and technology,
 * and a full-text index (catalog-search.ts) whose matches are one more bitmap. A request ANDs the
 * bitmaps its filters name, counts the bits for the exact total, and reads its page off the
 * requested order (or, sorted by relevance, off the search's ranking); only the cards of that page
 * become objects. At 100,000 templates a request takes well under a millisecond unless it
 * searches a new text (a few milliseconds, then remembered): docs/data-model.md, section 5.
 */
import {
  RELEVANCE_SORT,
  SORT_OPTIONS,
  type BrowseQuery,
  type SortOption,
} from '../../contract/catalog';
import { columnsFromRecords, keepAndAppend, recordAt, type CatalogRecord } from './catalog-columns';
import type { SearchAids } from '../../contract/search-aids';
import { CatalogSearch } from './catalog-search';
import type { SearchRanking } from './search-ranking';
import { searchAidsOf } from './search-aids';
import {
  CatalogIndex,
  compareRows,
  emptyBitmap,
  hasBit,
  searchDocumentOfRecord,
  setBit,
  type Bitmap,
  type SearchRows,
} from './catalog-index';

export type { CatalogRecord } from './catalog-columns';
export { CatalogIndex } from './catalog-index';

/** Builds the in-memory catalog and its indexes (search too: the records carry its text). */
export const buildCatalogIndex = (records: readonly CatalogRecord[]): CatalogIndex => {
  const columns = columnsFromRecords(records);
  return new CatalogIndex(
    columns,
    undefined,
    CatalogSearch.build(records.map(searchDocumentOfRecord)),
  );
};

/** What changed in the catalog: records to add or replace, and ids of templates that left it. */
export interface CatalogChanges {
  upserts: readonly CatalogRecord[];
  removals: readonly string[];
}

/**
 * `kept` (sorted by `compare`) with the rows of `added` inserted where they belong: each found by
 * binary search, so k changes cost O(k log n) comparisons and one copy of the order.
 */
const insertSorted = (
  kept: Uint32Array,
  added: number[],
  compare: (a: number, b: number) => number,
): Uint32Array => {
  added.sort(compare);
  const merged = new Uint32Array(kept.length + added.length);
  let from = 0;
  let to = 0;
  for (const row of added) {
    let low = from;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle]!, row) < 0) low = middle + 1;
      else high = middle;
    }
    merged.set(kept.subarray(from, low), to);
    to += low - from;
    merged[to++] = row;
    from = low;
  }
  merged.set(kept.subarray(from), to);
  return merged;
};

/**
 * A new catalog with `changes` applied (an id both upserted and removed is upserted: the caller
 * decides which change is the newer; of several upserts of one id the last wins). The untouched
 * rows keep their relative order in every sort order, so a change costs one copy of the columns
 * and orders and k binary searches, not a sort: a few milliseconds at 100,000. The search index,
 * if made, is changed in place for the k templates and handed to the new catalog (the old one is
 * not searched again).
 */
export const applyCatalogChanges = (index: CatalogIndex, changes: CatalogChanges): CatalogIndex => {
  if (changes.upserts.length === 0 && changes.removals.length === 0) return index;
  // One entry per id: the last upsert of an id wins.
  const upserts = new Map(changes.upserts.map((record) => [record.id, record]));
  const touched = new Set([...changes.removals, ...upserts.keys()]);
  const old = index.columns;
  const newRow = new Int32Array(old.count).fill(-1);
  const keep = new Uint32Array(old.count);
  let kept = 0;
  for (let row = 0; row < old.count; row += 1) {
    if (!touched.has(old.id[row]!)) {
      newRow[row] = kept;
      keep[kept++] = row;
    }
  }
  const columns = keepAndAppend(old, keep.subarray(0, kept), [...upserts.values()]);
  const addedRows = Array.from({ length: upserts.size }, (_, i) => kept + i);
  const orders = {} as Record<SortOption, Uint32Array>;
  for (const sort of SORT_OPTIONS) {
    const keptOrder = new Uint32Array(kept);
    const order = index.orders[sort];
    let i = 0;
    // Indexed loops: a container runs this once, before `for … of` over a typed array is fast.
    for (let at = 0; at < order.length; at += 1) {
      const row = newRow[order[at]!]!;
      if (row !== -1) keptOrder[i++] = row;
    }
    orders[sort] = insertSorted(keptOrder, [...addedRows], compareRows(columns, sort));
  }
  const search =
    index.builtSearch?.withChanges(
      newRow,
      kept,
      [...upserts.values()].map(searchDocumentOfRecord),
    ) ?? null;
  return new CatalogIndex(columns, orders, search);
};

export interface BrowsePage {
  items: CatalogRecord[];
  total: number;
  /** With search text and results: completions and the page's matched words (search-aids.ts). */
  searchAids?: SearchAids;
}

/** A browse query's filters and search text. */
export type BrowseFilters = Omit<BrowseQuery, 'sort' | 'page' | 'limit'>;

export interface Matches {
  /** The rows matching every filter, or `null` for every row (no filter). */
  rows: Bitmap | null;
  /** With search text: its matches best first (a superset of `rows`). */
  ranked: SearchRanking | null;
}

export const popcount = (bitmap: Bitmap): number => {
  let count = 0;
  for (let word of bitmap) {
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
};

/** Calls `visit` with every row whose bit is set, in ascending order. */
export const forEachRow = (bitmap: Bitmap, visit: (row: number) => void): void => {
  for (let w = 0; w < bitmap.length; w += 1) {
    let word = bitmap[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      visit(w * 32 + 31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
};

/**
 * The rows matching every filter, or `null` for every row (no filter). A price range is about a
 * template's own price: a free template costs 0 and a one-time sale its price; a subscription
 * template has none (it comes with a plan), so any price range leaves it out and a maximum of 0
 * means free templates only (contract/browse-options.ts, PRICE_RANGE_HINT).
 */
export const matchingRows = (index: CatalogIndex, filters: BrowseFilters): Matches => {
  const searched: SearchRows | null =
    filters.search === undefined ? null : index.rowsMatching(filters.search);
  return { rows: filteredRows(index, filters, searched), ranked: searched?.ranked ?? null };
};

const filteredRows = (
  index: CatalogIndex,
  filters: BrowseFilters,
  searched: SearchRows | null,
): Bitmap | null => {
  let rows: Bitmap | null = null;
  const and = (bitmap: Bitmap) => {
    if (rows === null) rows = bitmap.slice();
    else for (let w = 0; w < rows.length; w += 1) rows[w]! &= bitmap[w]!;
  };
  const { category, licensing_terms: terms, min_price: min, max_price: max } = filters;
  if (category !== undefined) and(index.rowsWith(index.byCategory, category));
  if (terms !== undefined) and(index.rowsWith(index.byLicensingTerms, terms));
  if (filters.price !== undefined) and(index.rowsWith(index.byAccessTier, filters.price));
  for (const tech of filters.tech_stack) and(index.rowsWith(index.byTech, tech));
  if (searched !== null) and(searched.rows);
  if (min === undefined && max === undefined) return rows;
  let candidates: Bitmap;
  if (rows === null) {
    candidates = emptyBitmap(index.size);
    for (let row = 0; row < index.size; row += 1) setBit(candidates, row);
  } else {
    candidates = rows;
  }
  const prices = index.columns.price;
  const subscription = index.rowsWith(index.byAccessTier, 'subscription');
  const priced = emptyBitmap(index.size);
  forEachRow(candidates, (row) => {
    if (hasBit(subscription, row)) return;
    const price = Number.isNaN(prices[row]!) ? 0 : prices[row]!;
    if ((min === undefined || price >= min) && (max === undefined || price <= max)) {
      setBit(priced, row);
    }
  });
  return priced;
};

/**
 * Rows `start` to `start + count` of the matches in the order of `sort`. Few matches are sorted
 * by their positions in that order; many are read off the order itself, which reaches the page
 * after about `(start + count) × size / total` rows.
 */
const pageOf = (
  index: CatalogIndex,
  rows: Bitmap,
  total: number,
  sort: SortOption,
  start: number,
  count: number,
): Uint32Array => {
  const order = index.orders[sort];
  if (total * 8 <= index.size) {
    const positions = index.positions[sort];
    const found = new Uint32Array(total);
    let i = 0;
    forEachRow(rows, (row) => (found[i++] = positions[row]!));
    found.sort();
    return found.subarray(start, start + count).map((position) => order[position]!);
  }
  const page = new Uint32Array(count);
  let seen = 0;
  let taken = 0;
  for (let i = 0; taken < count && i < order.length; i += 1) {
    const row = order[i]!;
    if (!hasBit(rows, row)) continue;
    if (seen >= start) page[taken++] = row;
    seen += 1;
  }
  return page;
};

/**
 * Rows `start` to `start + count` of the matches (`total` of them) in the search's ranking: read
 * off it directly when every match of the search is one (no filter left any out).
 */
const rankedPage = (
  ranked: SearchRanking,
  rows: Bitmap,
  total: number,
  start: number,
  count: number,
) => {
  if (total === ranked.length) return ranked.slice(start, start + count);
  const page = new Uint32Array(count);
  let seen = 0;
  let taken = 0;
  ranked.forEach((row) => {
    if (!hasBit(rows, row)) return true;
    if (seen >= start) page[taken++] = row;
    seen += 1;
    return taken < count;
  });
  return page;
};

/** One page of the matching templates in the requested order, with the exact total. */
export const browseCatalog = (index: CatalogIndex, query: BrowseQuery): BrowsePage => {
  const { rows, ranked } = matchingRows(index, query);
  const total = rows === null ? index.size : popcount(rows);
  const start = query.page * query.limit;
  const count = Math.max(0, Math.min(query.limit, total - start));
  if (count === 0) return { items: [], total };
  // Relevance is asked of a search only (the query schema sees to it); else the newest first.
  const sort: SortOption = query.sort === RELEVANCE_SORT ? 'published_at' : query.sort;
  const pageRows =
    rows === null
      ? index.orders[sort].subarray(start, start + count)
      : query.sort === RELEVANCE_SORT && ranked !== null
        ? rankedPage(ranked, rows, total, start, count)
        : pageOf(index, rows, total, sort, start, count);
  const items = Array.from(pageRows, (row) => recordAt(index.columns, row));
  if (query.search === undefined) return { items, total };
  return {
    items,
    total,
    searchAids: searchAidsOf(index, query.search, query.page, rows, ranked, items),
  };
};
