/**
 * The indexes browse answers a request from, built once per catalog (docs/data-model.md, section
 * 5, "Indexes"): no request tests every template.
 *
 * - Sort orders: for each sort option, the row numbers in that order (descending by the field, ties
 *   by id descending), and each row's position in it. A page with no filter is a slice of an order.
 * - Filters: one bitmap (a bit per row) per category, licence and technology; a query ANDs the
 *   bitmaps it names, 32 rows a word. Price keeps a column tested only on the rows left.
 * - Search: the lowercased `title \0 tagline` of every row in one string with the offset of each
 *   row, so a search is a few `indexOf` over one string instead of one call per template. The rows
 *   a search matched are remembered for the next requests with the same text.
 */
import { SORT_OPTIONS, type SortOption } from '../../contract/catalog';
import { recordAt, type CatalogColumns, type CatalogRecord } from './catalog-columns';

export type Bitmap = Uint32Array;

export const emptyBitmap = (size: number): Bitmap => new Uint32Array(Math.ceil(size / 32));

export const setBit = (bitmap: Bitmap, row: number): void => {
  bitmap[row >>> 5]! |= 1 << (row & 31);
};

export const hasBit = (bitmap: Bitmap, row: number): boolean =>
  (bitmap[row >>> 5]! & (1 << (row & 31))) !== 0;

/** How many distinct searches an index remembers the matching rows of. */
const SEARCH_CACHE_SIZE = 64;

/** The value a row sorts by; `published_at` missing sorts as the empty string (last). */
const sortKeyOf = (columns: CatalogColumns, sort: SortOption, row: number): number | string => {
  if (sort === 'published_at') return columns.publishedAt[row] ?? '';
  return sort === 'download_count' ? columns.downloads[row]! : columns.rating[row]!;
};

/** Descending by the sort field, ties by id descending (ULIDs: newest first): a total order. */
export const compareRows =
  (columns: CatalogColumns, sort: SortOption) =>
  (a: number, b: number): number => {
    const left = sortKeyOf(columns, sort, a);
    const right = sortKeyOf(columns, sort, b);
    if (left !== right) return left < right ? 1 : -1;
    const idA = columns.id[a]!;
    const idB = columns.id[b]!;
    // The same id twice (never in practice): in load order, as a stable sort would leave them.
    if (idA === idB) return a - b;
    return idA < idB ? 1 : -1;
  };

/** Each row's position among the distinct values of `keys` in ascending order (JS `<` order). */
const denseRanks = <T extends number | string>(keys: ArrayLike<T>): Uint32Array => {
  const distinct = [...new Set(Array.prototype.slice.call(keys) as T[])];
  // Numbers by value, strings by UTF-16 code units: the same order as `<`.
  distinct.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rankOf = new Map(distinct.map((value, rank) => [value, rank]));
  const ranks = new Uint32Array(keys.length);
  for (let row = 0; row < keys.length; row += 1) ranks[row] = rankOf.get(keys[row]!)!;
  return ranks;
};

/**
 * Every sort order from scratch. Each row's key is turned into a dense rank and the id into its
 * rank among ids, so one native numeric sort of `keyRank * n + idRank` orders 100,000 rows in
 * milliseconds (a comparator in JavaScript takes ten times as long).
 */
export const buildOrders = (columns: CatalogColumns): Record<SortOption, Uint32Array> => {
  const n = columns.count;
  const byId = new Array<number>(n);
  for (let row = 0; row < n; row += 1) byId[row] = row;
  byId.sort((a, b) =>
    columns.id[a]! < columns.id[b]! ? -1 : columns.id[a]! > columns.id[b]! ? 1 : b - a,
  );
  const idRank = new Uint32Array(n);
  byId.forEach((row, rank) => (idRank[row] = rank));
  const keyRanks: Record<SortOption, Uint32Array> = {
    published_at: denseRanks(columns.publishedAt.map((value) => value ?? '')),
    download_count: denseRanks(columns.downloads),
    average_rating: denseRanks(columns.rating),
  };
  const orders = {} as Record<SortOption, Uint32Array>;
  for (const sort of SORT_OPTIONS) {
    const packed = new Float64Array(n);
    for (let row = 0; row < n; row += 1) packed[row] = keyRanks[sort][row]! * n + idRank[row]!;
    packed.sort();
    const order = new Uint32Array(n);
    // Ascending packed keys, read backwards: descending by key, then by id.
    for (let i = 0; i < n; i += 1) order[i] = byId[packed[n - 1 - i]! % n]!;
    orders[sort] = order;
  }
  return orders;
};

/** The search string of one row, exactly as browse has always matched it. */
export const searchTextOf = (title: string, tagline: string): string =>
  `${title}\u0000${tagline}`.toLowerCase();

export interface SearchText {
  /** Every row's search text, one after another. */
  readonly text: string;
  /** Row r's text is `text.slice(starts[r], starts[r + 1])`. */
  readonly starts: Uint32Array;
}

export const buildSearchText = (columns: CatalogColumns): SearchText => {
  const parts = new Array<string>(columns.count);
  const starts = new Uint32Array(columns.count + 1);
  for (let row = 0; row < columns.count; row += 1) {
    parts[row] = searchTextOf(columns.title[row]!, columns.tagline[row]!);
    starts[row + 1] = starts[row]! + parts[row]!.length;
  }
  return { text: parts.join(''), starts };
};

export class CatalogIndex {
  readonly size: number;
  /** Per sort option, each row's position in `orders[sort]`. */
  readonly positions: Readonly<Record<SortOption, Uint32Array>>;
  readonly byCategory = new Map<number, Bitmap>();
  readonly byLicence = new Map<number, Bitmap>();
  readonly byAccessTier = new Map<number, Bitmap>();
  readonly byTech = new Map<number, Bitmap>();
  private readonly stringPositions: Map<string, number>;
  private readonly searchCache = new Map<string, Bitmap>();

  constructor(
    readonly columns: CatalogColumns,
    readonly orders: Readonly<Record<SortOption, Uint32Array>> = buildOrders(columns),
    readonly search: SearchText = buildSearchText(columns),
  ) {
    const n = columns.count;
    this.size = n;
    const positions = {} as Record<SortOption, Uint32Array>;
    for (const sort of SORT_OPTIONS) {
      const position = new Uint32Array(n);
      orders[sort].forEach((row, i) => (position[row] = i));
      positions[sort] = position;
    }
    this.positions = positions;
    const mark = (bitmaps: Map<number, Bitmap>, code: number, row: number) => {
      let bitmap = bitmaps.get(code);
      if (!bitmap) bitmaps.set(code, (bitmap = emptyBitmap(n)));
      setBit(bitmap, row);
    };
    for (let row = 0; row < n; row += 1) {
      mark(this.byCategory, columns.category[row]!, row);
      mark(this.byLicence, columns.licence[row]!, row);
      mark(this.byAccessTier, columns.accessTier[row]!, row);
      for (let t = columns.techStart[row]!; t < columns.techStart[row + 1]!; t += 1) {
        mark(this.byTech, columns.tech[t]!, row);
      }
    }
    this.stringPositions = new Map(columns.strings.map((value, position) => [value, position]));
  }

  /** The bitmap of rows whose dictionary column holds `value` (empty when none does). */
  rowsWith(bitmaps: Map<number, Bitmap>, value: string): Bitmap {
    const position = this.stringPositions.get(value);
    return (position !== undefined && bitmaps.get(position)) || emptyBitmap(this.size);
  }

  /** The rows whose search text contains `needle` (already lowercased). */
  rowsMatching(needle: string): Bitmap {
    const cached = this.searchCache.get(needle);
    if (cached) {
      // Most recently used last, so the oldest is the first to go.
      this.searchCache.delete(needle);
      this.searchCache.set(needle, cached);
      return cached;
    }
    const rows = this.scanSearchText(needle);
    if (this.searchCache.size >= SEARCH_CACHE_SIZE) {
      this.searchCache.delete(this.searchCache.keys().next().value!);
    }
    this.searchCache.set(needle, rows);
    return rows;
  }

  /**
   * Every occurrence of `needle` in the joined text, each mapped to its row. An occurrence that
   * runs past the end of its row's text is no match for that row; the next one is looked for one
   * character further, so a row whose own text contains the needle is never missed.
   */
  private scanSearchText(needle: string): Bitmap {
    const rows = emptyBitmap(this.size);
    const { text, starts } = this.search;
    const n = this.size;
    if (needle === '') {
      for (let row = 0; row < n; row += 1) setBit(rows, row);
      return rows;
    }
    let row = 0;
    let at = text.indexOf(needle);
    while (at !== -1) {
      // The row holding position `at`: the last whose start is at or before it.
      let high = n - 1;
      while (row < high) {
        const middle = (row + high + 1) >>> 1;
        if (starts[middle]! <= at) row = middle;
        else high = middle - 1;
      }
      const end = starts[row + 1]!;
      if (at + needle.length <= end) {
        setBit(rows, row);
        at = row + 1 < n ? text.indexOf(needle, end) : -1;
      } else {
        at = text.indexOf(needle, at + 1);
      }
    }
    return rows;
  }

  /** Every record in the order of `sort`, made on demand (tests and tools; requests never). */
  get sorted(): Readonly<Record<SortOption, readonly CatalogRecord[]>> {
    const all = (sort: SortOption) =>
      Array.from(this.orders[sort], (row) => recordAt(this.columns, row));
    return {
      get published_at() {
        return all('published_at');
      },
      get download_count() {
        return all('download_count');
      },
      get average_rating() {
        return all('average_rating');
      },
    };
  }
}
