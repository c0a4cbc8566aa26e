/**
 * The indexed browse against a straightforward reference (every record tested, one full sort),
 * over a generated catalog of a few thousand templates and many random queries, before and after
 * changes: the same items in the same order and the same total, every time.
 */
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TIERS,
  TEMPLATE_CATEGORIES,
  BROWSE_TECH_STACKS,
  LICENSING_TERMS,
  SORT_OPTIONS,
  browseQuerySchema,
  type BrowseQuery,
  type SortOption,
} from '../../../../contract/catalog';
import {
  applyCatalogChanges,
  browseCatalog,
  buildCatalogIndex,
  type BrowsePage,
  type CatalogRecord,
} from '../../../../lambdas/catalog/browse';
import { catalogRecord } from '../../../fixtures/template-fixtures';

/** A small deterministic generator: a failure names a seed that reproduces it. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)]!;

const WORDS = ['Starter', 'Kit', 'Pro', 'Σtudio', 'İstanbul', 'Flow', 'kitchen', 'Shop', 'a', 'ΑΣ'];

const generated = (next: () => number, index: number): CatalogRecord => {
  const tier = pick(next, ['free', 'subscription', 'one_time_sale'] as const);
  return catalogRecord({
    // Few distinct ids' prefixes and repeated keys, so ties are broken by id often.
    id: `01K${String(Math.floor(next() * 1e9)).padStart(10, '0')}${index}`,
    title: `${pick(next, WORDS)} ${pick(next, WORDS)}${next() < 0.1 ? '' : ` ${index}`}`,
    tagline: `${pick(next, WORDS).toLowerCase()} for ${pick(next, TEMPLATE_CATEGORIES)}`,
    category: pick(next, TEMPLATE_CATEGORIES),
    tech_stack: [
      ...new Set(
        Array.from({ length: Math.floor(next() * 5) }, () => pick(next, BROWSE_TECH_STACKS)),
      ),
    ],
    access_tier: tier,
    price: tier === 'one_time_sale' ? Math.floor(next() * 60) + (next() < 0.3 ? 0.5 : 0) : null,
    licensing_terms: pick(next, LICENSING_TERMS),
    average_rating: Math.floor(next() * 11) / 2,
    download_count: Math.floor(next() * 30),
    published_at:
      next() < 0.05 ? null : new Date(Date.UTC(2025, 0, 1 + Math.floor(next() * 60))).toISOString(),
    preview_image_keys: next() < 0.5 ? [] : [`previews/${index}/1.png`],
    security_badge: pick(next, [null, null, null, 'critical', 'high'] as const),
  });
};

/** A catalog built from scratch from `records` (one per records array), for search's answers. */
const freshIndexes = new WeakMap<readonly CatalogRecord[], ReturnType<typeof buildCatalogIndex>>();
const freshIndexOf = (records: readonly CatalogRecord[]) => {
  let index = freshIndexes.get(records);
  if (!index) freshIndexes.set(records, (index = buildCatalogIndex(records)));
  return index;
};

/**
 * The old browse, written as plainly as possible: test every record, sort, slice. A search's
 * matches and ranking are those of a catalog built from scratch from the same records (search
 * itself has tests of its own): an index changed in place must answer as a fresh one does.
 */
const reference = (records: readonly CatalogRecord[], query: BrowseQuery) => {
  const searched =
    query.search === undefined
      ? null
      : Array.from(
          freshIndexOf(records).rowsMatching(query.search).ranked,
          (row) => records[row]!.id,
        );
  const matching = searched && new Set(searched);
  const rank = new Map(searched?.map((id, i) => [id, i]));
  const key = (record: CatalogRecord, sort: SortOption) =>
    sort === 'published_at' ? (record.published_at ?? '') : record[sort];
  const matches = records
    .filter(
      (record) =>
        (matching === null || matching.has(record.id)) &&
        (query.category === undefined || record.category === query.category) &&
        (query.licensing_terms === undefined || record.licensing_terms === query.licensing_terms) &&
        (query.price === undefined || record.access_tier === query.price) &&
        // A price range leaves subscription templates out (they have no price of their own).
        ((query.min_price === undefined && query.max_price === undefined) ||
          record.access_tier !== 'subscription') &&
        (query.min_price === undefined || (record.price ?? 0) >= query.min_price) &&
        (query.max_price === undefined || (record.price ?? 0) <= query.max_price) &&
        query.tech_stack.every((tech) => record.tech_stack.includes(tech)),
    )
    .sort((a, b) => {
      if (query.sort === 'relevance') return rank.get(a.id)! - rank.get(b.id)!;
      const left = key(a, query.sort);
      const right = key(b, query.sort);
      if (left !== right) return left < right ? 1 : -1;
      return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
    });
  const start = query.page * query.limit;
  return { items: matches.slice(start, start + query.limit), total: matches.length };
};

/** Two words of one template's title and tagline, in either order. */
const twoWordSearch = (next: () => number, records: readonly CatalogRecord[]): string => {
  const { title, tagline } = records[Math.floor(next() * records.length)]!;
  const words = `${title} ${tagline}`.split(' ');
  return `${pick(next, words)} ${pick(next, words)}`;
};

const randomQuery = (next: () => number, records: readonly CatalogRecord[]): BrowseQuery => {
  const total = records.length;
  // No sort now and then: with search text, the best matches first.
  const raw: Record<string, string> = next() < 0.3 ? {} : { sort: pick(next, SORT_OPTIONS) };
  if (next() < 0.1) raw.search = twoWordSearch(next, records);
  else if (next() < 0.4) {
    const word = pick(next, WORDS);
    // Whole words, pieces of words, across the title's two words, and upper case.
    const piece = word.slice(Math.floor(next() * 2), 1 + Math.floor(next() * word.length));
    raw.search = next() < 0.2 ? `${piece} ` : next() < 0.5 ? piece.toUpperCase() : piece;
  }
  if (next() < 0.4) raw.category = pick(next, TEMPLATE_CATEGORIES);
  if (next() < 0.4) {
    raw.tech_stack = Array.from({ length: 1 + Math.floor(next() * 2) }, () =>
      pick(next, BROWSE_TECH_STACKS),
    ).join(',');
  }
  if (next() < 0.25) raw.min_price = String(Math.floor(next() * 30));
  // A maximum of 0 (free templates only) now and then, without a minimum above it.
  if (next() < 0.05 && raw.min_price === undefined) raw.max_price = '0';
  else if (next() < 0.25) raw.max_price = String(30 + Math.floor(next() * 40));
  if (next() < 0.2) raw.price = pick(next, ACCESS_TIERS);
  if (next() < 0.3) raw.licensing_terms = pick(next, LICENSING_TERMS);
  const pages = Math.max(1, Math.ceil(total / 20));
  raw.page = String(next() < 0.5 ? 0 : Math.floor(next() * pages * (next() < 0.1 ? 2 : 1)));
  if (next() < 0.2) raw.limit = String(1 + Math.floor(next() * 20));
  return browseQuerySchema.parse(raw);
};

const QUERIES = 250;

/** The results the reference makes (a search's aids are tested through the handler). */
const resultsOf = ({ items, total }: BrowsePage) => ({ items, total });

describe('indexed browse against the reference', () => {
  it.each([1, 2])('answers %i: random queries over 3,000 templates exactly', (seed) => {
    const next = random(seed);
    const records = Array.from({ length: 3_000 }, (_, i) => generated(next, i));
    const index = buildCatalogIndex(records);
    for (let q = 0; q < QUERIES; q += 1) {
      const query = randomQuery(next, records);
      // Twice: the second time the search is answered from what the first remembered.
      for (const round of [1, 2]) {
        expect(
          resultsOf(browseCatalog(index, query)),
          `${JSON.stringify(query)} (${round})`,
        ).toEqual(reference(records, query));
      }
    }
  });

  it('stays exact after changes: edits, new templates, removals and a repeated upsert', () => {
    const next = random(11);
    let records = Array.from({ length: 2_000 }, (_, i) => generated(next, i));
    let index = buildCatalogIndex(records);
    for (let round = 0; round < 5; round += 1) {
      const edited = Array.from({ length: 15 }, () => {
        const base = records[Math.floor(next() * records.length)]!;
        return { ...generated(next, 10_000 + round), id: base.id };
      });
      const added = Array.from({ length: 10 }, (_, i) => generated(next, 20_000 + round * 10 + i));
      const removals = Array.from(
        { length: 12 },
        () => records[Math.floor(next() * records.length)]!.id,
      );
      const upserts = [...edited, ...added, ...edited.slice(0, 2)];
      index = applyCatalogChanges(index, { upserts, removals });
      const latest = new Map(upserts.map((record) => [record.id, record]));
      records = [
        ...records.filter((record) => !latest.has(record.id) && !removals.includes(record.id)),
        ...latest.values(),
      ];
      expect(index.size).toBe(records.length);
      for (let q = 0; q < 60; q += 1) {
        const query = randomQuery(next, records);
        expect(resultsOf(browseCatalog(index, query)), JSON.stringify(query)).toEqual(
          reference(records, query),
        );
      }
    }
  });
});
