/**
 * Browse over the in-memory catalog: pure functions, no I/O.
 *
 * The approved catalog is held as compact records (no description, features or history), each
 * with its lowercased search text and effective price computed once at load. The catalog is also
 * sorted once per sort option at load, so a request only filters a pre-sorted array (filtering
 * keeps the order) and slices a page: O(n) per request with a cheap predicate, about a
 * millisecond for 10,000 templates, and the total is exact because every record is tested.
 */
import {
  SORT_OPTIONS,
  type AccessTier,
  type BrowseQuery,
  type LicensingTerms,
  type TemplateCategory,
  type SortOption,
} from '../../contract/catalog';

/** The fields of an approved template that browse filters, sorts or shows on a card. */
export interface CatalogRecord {
  id: string;
  seller_id: string;
  title: string;
  slug: string;
  tagline: string;
  category: TemplateCategory;
  tech_stack: string[];
  price: number | null;
  access_tier: AccessTier;
  licensing_terms: LicensingTerms;
  average_rating: number;
  download_count: number;
  preview_image_keys: string[];
  /** The preview keys that have WebP renditions (absent for none). */
  preview_rendition_keys?: string[];
  demo_url: string | null;
  github_url: string | null;
  published_at: string | null;
  version_number: string;
}

export interface CatalogEntry extends CatalogRecord {
  /** Title and tagline, lowercased once; the separator keeps a match from spanning both. */
  readonly searchText: string;
  /**
   * Free and subscription templates have no price. They count as price 0: they match any maximum
   * and a minimum of 0, and drop out as soon as a minimum above 0 asks for paid templates.
   */
  readonly effectivePrice: number;
}

export interface CatalogIndex {
  readonly size: number;
  readonly sorted: Readonly<Record<SortOption, readonly CatalogEntry[]>>;
}

export const toCatalogEntry = (record: CatalogRecord): CatalogEntry => ({
  ...record,
  searchText: `${record.title}\u0000${record.tagline}`.toLowerCase(),
  effectivePrice: record.price ?? 0,
});

const sortValue = (entry: CatalogEntry, sort: SortOption): number | string => {
  if (sort === 'published_at') return entry.published_at ?? '';
  return entry[sort];
};

/** Descending by the sort field; ties by id, descending (ULIDs: newest first), for a stable order. */
export const compareEntries =
  (sort: SortOption) =>
  (a: CatalogEntry, b: CatalogEntry): number => {
    const left = sortValue(a, sort);
    const right = sortValue(b, sort);
    if (left !== right) return left < right ? 1 : -1;
    return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
  };

/** Builds the in-memory index: one pre-sorted array per sort option. */
export const buildCatalogIndex = (records: readonly CatalogRecord[]): CatalogIndex => {
  const entries = records.map(toCatalogEntry);
  const sorted = Object.fromEntries(
    SORT_OPTIONS.map((sort) => [sort, [...entries].sort(compareEntries(sort))]),
  ) as Record<SortOption, CatalogEntry[]>;
  return { size: entries.length, sorted };
};

/** What changed in the catalog: records to add or replace, and ids of templates that left it. */
export interface CatalogChanges {
  upserts: readonly CatalogRecord[];
  removals: readonly string[];
}

/** Merges two arrays sorted by `compare` into one. */
const mergeSorted = (
  left: readonly CatalogEntry[],
  right: readonly CatalogEntry[],
  compare: (a: CatalogEntry, b: CatalogEntry) => number,
): CatalogEntry[] => {
  const merged = new Array<CatalogEntry>(left.length + right.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < left.length && j < right.length) {
    merged[k++] = compare(left[i]!, right[j]!) <= 0 ? left[i++]! : right[j++]!;
  }
  while (i < left.length) merged[k++] = left[i++]!;
  while (j < right.length) merged[k++] = right[j++]!;
  return merged;
};

/**
 * A new index with `changes` applied (an id both upserted and removed is upserted: the caller
 * decides which change is the newer; of several upserts of one id the last wins). The untouched entries keep their order, so each sorted
 * array is one filter and one merge with the few changed entries, O(n + k log k), instead of a
 * full sort: a warm container applies a catalog change in about a millisecond at 10,000.
 */
export const applyCatalogChanges = (index: CatalogIndex, changes: CatalogChanges): CatalogIndex => {
  if (changes.upserts.length === 0 && changes.removals.length === 0) return index;
  // One entry per id: the last upsert of an id wins.
  const upserts = new Map(changes.upserts.map((record) => [record.id, record]));
  const touched = new Set([...changes.removals, ...upserts.keys()]);
  const added = [...upserts.values()].map(toCatalogEntry);
  const sorted = Object.fromEntries(
    SORT_OPTIONS.map((sort) => {
      const compare = compareEntries(sort);
      const kept = index.sorted[sort].filter((entry) => !touched.has(entry.id));
      return [sort, mergeSorted(kept, [...added].sort(compare), compare)];
    }),
  ) as Record<SortOption, CatalogEntry[]>;
  return { size: sorted[SORT_OPTIONS[0]].length, sorted };
};

type BrowseFilters = Omit<BrowseQuery, 'sort' | 'page' | 'limit'>;

/** The filter predicate for one query; everything that can be computed once is, outside the loop. */
export const matcherFor = (filters: BrowseFilters): ((entry: CatalogEntry) => boolean) => {
  const search = filters.search?.toLowerCase();
  const { category, licensing_terms: licence, min_price: min, max_price: max } = filters;
  const techs = filters.tech_stack;
  return (entry) =>
    (search === undefined || entry.searchText.includes(search)) &&
    (category === undefined || entry.category === category) &&
    (licence === undefined || entry.licensing_terms === licence) &&
    (min === undefined || entry.effectivePrice >= min) &&
    (max === undefined || entry.effectivePrice <= max) &&
    techs.every((tech) => entry.tech_stack.includes(tech));
};

export interface BrowsePage {
  items: CatalogEntry[];
  total: number;
}

/** One page of the matching templates in the requested order, with the exact total. */
export const browseCatalog = (index: CatalogIndex, query: BrowseQuery): BrowsePage => {
  const matches = index.sorted[query.sort].filter(matcherFor(query));
  const start = query.page * query.limit;
  return { items: matches.slice(start, start + query.limit), total: matches.length };
};
