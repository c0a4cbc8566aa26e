/**
 * The indexes browse answers a request from, built once per catalog (docs/data-model.md, section
 * 5, "Indexes"): no request tests every template.
 *
 * - Sort orders: for each sort option, the row numbers in that order (descending by the field, ties
 *   by id descending), and each row's position in it. A page with no filter is a slice of an order.
 * - Filters: one bitmap (a bit per row) per category, licence and technology; a query ANDs the
 *   bitmaps it names, 32 rows a word. Price keeps a column tested only on the rows left.
 * - Search: a full-text index (catalog-search.ts), read from the snapshot (or built with a full
 *   load) and made anew from the previous catalog's on a change. A search's matching rows (a
 *   bitmap, ANDed with the filters' like any other) and its rows best first are remembered for the
 *   next requests with the same text.
 */
import { SORT_OPTIONS, type SortOption } from '../../contract/catalog';
import { recordAt, type CatalogColumns, type CatalogRecord } from './catalog-columns';
import { CatalogSearch, normalisedText, type SearchDocument } from './catalog-search';
import { SearchRanking } from './search-ranking';

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
  if (sort === 'published_at') return columns.publishedAt.at(row) ?? '';
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
    published_at: denseRanks(
      Array.from({ length: n }, (_, row) => columns.publishedAt.at(row) ?? ''),
    ),
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

/**
 * What the columns hold of row `row`'s searchable text: not its description or seller name, which
 * only the snapshot's postings and the records of a load carry (a catalog without them is indexed
 * without them).
 */
export const searchDocumentOf = (columns: CatalogColumns, row: number): SearchDocument => {
  const { strings } = columns;
  const tech: string[] = [];
  for (let t = columns.techStart[row]!; t < columns.techStart[row + 1]!; t += 1) {
    tech.push(strings[columns.tech[t]!]!);
  }
  return {
    title: columns.title.at(row)!,
    tagline: columns.tagline.at(row)!,
    description: '',
    tech,
    category: strings[columns.category[row]!]!,
    seller: '',
  };
};

/** A record's searchable text. */
export const searchDocumentOfRecord = (record: CatalogRecord): SearchDocument => ({
  title: record.title,
  tagline: record.tagline,
  description: record.description ?? '',
  tech: record.tech_stack,
  category: record.category,
  seller: record.seller_name ?? '',
});

/**
 * Scores in thousandths are capped here, so a ranking key stays an exact integer in a double at
 * any catalog size this function holds (1e9 × 1e6 rows < 2^53).
 */
const SCORE_CEILING = 1e9;

/** How many of a search's best rows are checked for an exact title. */
const EXACT_TITLE_WINDOW = 50;

/** One search's result: the matching rows, and the same rows best first. */
export interface SearchRows {
  rows: Bitmap;
  ranked: SearchRanking;
}

/** Each row's position in `order` (indexed loops: a container runs this once, unoptimised). */
const positionsOf = (order: Uint32Array, n: number): Uint32Array => {
  const position = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) position[order[i]!] = i;
  return position;
};

/** One bitmap per string code of each dictionary column, found in arrays by code per row. */
const bitmapsOf = (columns: CatalogColumns) => {
  const n = columns.count;
  const byCode = { category: [] as Bitmap[], licence: [] as Bitmap[], accessTier: [] as Bitmap[] };
  const tech: Bitmap[] = [];
  for (let row = 0; row < n; row += 1) {
    const word = row >>> 5;
    const bit = 1 << (row & 31);
    (byCode.category[columns.category[row]!] ??= emptyBitmap(n))[word]! |= bit;
    (byCode.licence[columns.licence[row]!] ??= emptyBitmap(n))[word]! |= bit;
    (byCode.accessTier[columns.accessTier[row]!] ??= emptyBitmap(n))[word]! |= bit;
    for (let t = columns.techStart[row]!; t < columns.techStart[row + 1]!; t += 1) {
      (tech[columns.tech[t]!] ??= emptyBitmap(n))[word]! |= bit;
    }
  }
  const mapOf = (bitmaps: Bitmap[]) => {
    const map = new Map<number, Bitmap>();
    bitmaps.forEach((bitmap, code) => map.set(code, bitmap));
    return map;
  };
  return {
    category: mapOf(byCode.category),
    licence: mapOf(byCode.licence),
    accessTier: mapOf(byCode.accessTier),
    tech: mapOf(tech),
  };
};

export class CatalogIndex {
  readonly size: number;
  /** Per sort option, each row's position in `orders[sort]`. */
  readonly positions: Readonly<Record<SortOption, Uint32Array>>;
  private bitmaps: Record<
    'category' | 'licence' | 'accessTier' | 'tech',
    Map<number, Bitmap>
  > | null = null;
  private readonly stringPositions: Map<string, number>;
  private readonly searchCache = new Map<string, SearchRows>();
  private searchIndex: CatalogSearch | null;

  /**
   * `search`, when given, already holds exactly these rows' text (the previous catalog's index,
   * changed with it); otherwise the index is made on the first search.
   */
  constructor(
    readonly columns: CatalogColumns,
    readonly orders: Readonly<Record<SortOption, Uint32Array>> = buildOrders(columns),
    search: CatalogSearch | null = null,
  ) {
    this.searchIndex = search;
    this.size = columns.count;
    // Made when first read: a new container's catalog from the snapshot is replaced by the one
    // with the changes since before any request reads it, and a request needs one sort's.
    const positions = {} as Record<SortOption, Uint32Array>;
    for (const sort of SORT_OPTIONS) {
      let position: Uint32Array | null = null;
      Object.defineProperty(positions, sort, {
        enumerable: true,
        get: () => (position ??= positionsOf(orders[sort], columns.count)),
      });
    }
    this.positions = positions;
    this.stringPositions = new Map(columns.strings.map((value, position) => [value, position]));
  }

  /** Each category's rows (by string code); likewise below. Made when first read. */
  get byCategory(): Map<number, Bitmap> {
    return (this.bitmaps ??= bitmapsOf(this.columns)).category;
  }
  get byLicensingTerms(): Map<number, Bitmap> {
    return (this.bitmaps ??= bitmapsOf(this.columns)).licence;
  }
  get byAccessTier(): Map<number, Bitmap> {
    return (this.bitmaps ??= bitmapsOf(this.columns)).accessTier;
  }
  get byTech(): Map<number, Bitmap> {
    return (this.bitmaps ??= bitmapsOf(this.columns)).tech;
  }

  /** The bitmap of rows whose dictionary column holds `value` (empty when none does). */
  rowsWith(bitmaps: Map<number, Bitmap>, value: string): Bitmap {
    const position = this.stringPositions.get(value);
    return (position !== undefined && bitmaps.get(position)) || emptyBitmap(this.size);
  }

  /** The search index, made from the columns on first use when none was given. */
  get search(): CatalogSearch {
    this.searchIndex ??= CatalogSearch.build(
      Array.from({ length: this.size }, (_, row) => searchDocumentOf(this.columns, row)),
    );
    return this.searchIndex;
  }

  /** The search index if one was made (a change carries it to the next catalog). */
  get builtSearch(): CatalogSearch | null {
    return this.searchIndex;
  }

  /** The rows matching every word of `text`, and the same rows best first (ties: newest first). */
  rowsMatching(text: string): SearchRows {
    const key = text.trim().toLowerCase();
    const cached = this.searchCache.get(key);
    if (cached) {
      // Most recently used last, so the oldest is the first to go.
      this.searchCache.delete(key);
      this.searchCache.set(key, cached);
      return cached;
    }
    const found = this.searchRows(key);
    if (this.searchCache.size >= SEARCH_CACHE_SIZE) {
      this.searchCache.delete(this.searchCache.keys().next().value!);
    }
    this.searchCache.set(key, found);
    return found;
  }

  private searchRows(text: string): SearchRows {
    const { rows: hits, scores } = this.search.search(text);
    const rows = emptyBitmap(this.size);
    // Best score first (to a thousandth), equal scores in the default order (newest first): each
    // match's key is `(SCORE_CEILING - score) × n + position`, ordered only as far as it is read.
    const n = this.size;
    const position = this.positions.published_at;
    const keys = new Float64Array(hits.length);
    for (let i = 0; i < hits.length; i += 1) {
      const row = hits[i]!;
      setBit(rows, row);
      const score = Math.min(SCORE_CEILING, Math.round(scores[i]! * 1000));
      keys[i] = (SCORE_CEILING - score) * n + position[row]!;
    }
    const byDefault = this.orders.published_at;
    const { title } = this.columns;
    const wanted = normalisedText(text);
    // A search of a template's exact title puts it first (of equal titles, the best placed).
    const exactTitleFirst = (front: Uint32Array) => {
      const isExact = Array.from(front, (row) => normalisedText(title.at(row)!) === wanted);
      if (!isExact.includes(true)) return;
      const exact = front.filter((_row, i) => isExact[i]);
      const rest = front.filter((_row, i) => !isExact[i]);
      front.set(exact, 0);
      front.set(rest, exact.length);
    };
    const ranked = new SearchRanking(
      keys,
      (key) => byDefault[key % n]!,
      EXACT_TITLE_WINDOW,
      exactTitleFirst,
    );
    return { rows, ranked };
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
