import { describe, expect, it } from 'vitest';
import {
  browseCatalog,
  buildCatalogIndex,
  type CatalogRecord,
} from '../../../../lambdas/catalog/browse';
import { browseQuerySchema, type BrowseQuery } from '../../../../contract/catalog';
import { catalogRecord } from '../../../fixtures/template-fixtures';

const query = (raw: Record<string, string> = {}): BrowseQuery => browseQuerySchema.parse(raw);

const ids = (records: { id: string }[]) => records.map((record) => record.id);

const browse = (records: CatalogRecord[], raw: Record<string, string> = {}) =>
  browseCatalog(buildCatalogIndex(records), query(raw));

describe('browseCatalog filters', () => {
  const records = [
    catalogRecord({ id: 'A', title: 'Stripe SaaS Kit', tagline: 'Billing done', category: 'SaaS' }),
    catalogRecord({
      id: 'B',
      title: 'Shop',
      tagline: 'A fast SAAS storefront',
      category: 'E-commerce',
    }),
    catalogRecord({
      id: 'C',
      title: 'Portfolio',
      tagline: 'Show your work',
      category: 'Portfolio',
    }),
  ];

  it('matches search text in title or tagline, case-insensitively', () => {
    expect(ids(browse(records, { search: 'saas' }).items).sort()).toEqual(['A', 'B']);
    expect(ids(browse(records, { search: 'WORK' }).items)).toEqual(['C']);
    expect(browse(records, { search: 'nothing like this' }).total).toBe(0);
  });

  it('matches every word, in any order and any field, but not words run together', () => {
    expect(ids(browse(records, { search: 'billing kit' }).items)).toEqual(['A']);
    expect(ids(browse(records, { search: 'storefront saas' }).items)).toEqual(['B']);
    expect(browse(records, { search: 'kitbilling' }).total).toBe(0);
    expect(browse(records, { search: 'saas portfolio' }).total).toBe(0);
  });

  it('filters by category, and treats All as no filter', () => {
    expect(ids(browse(records, { category: 'E-commerce' }).items)).toEqual(['B']);
    expect(browse(records, { category: 'All' }).total).toBe(3);
  });

  it('requires every selected technology', () => {
    const stack = [
      catalogRecord({ id: 'R', tech_stack: ['React'] }),
      catalogRecord({ id: 'RV', tech_stack: ['React', 'Vue.js'] }),
      catalogRecord({ id: 'RVT', tech_stack: ['TypeScript', 'Vue.js', 'React'] }),
    ];
    expect(ids(browse(stack, { tech_stack: 'React,Vue.js' }).items).sort()).toEqual(['RV', 'RVT']);
    expect(ids(browse(stack, { tech_stack: 'TypeScript' }).items)).toEqual(['RVT']);
    expect(browse(stack, { tech_stack: 'Angular' }).total).toBe(0);
  });

  it('filters by licensing terms', () => {
    const licensed = [
      catalogRecord({ id: 'S', licensing_terms: 'standard_commercial' }),
      catalogRecord({ id: 'P', licensing_terms: 'personal_use_only' }),
    ];
    expect(ids(browse(licensed, { licensing_terms: 'personal_use_only' }).items)).toEqual(['P']);
    expect(browse(licensed, { licensing_terms: 'all' }).total).toBe(2);
  });

  it('filters by price range, counting templates without a price as 0', () => {
    const priced = [
      catalogRecord({ id: 'FREE', price: null, access_tier: 'free' }),
      catalogRecord({ id: 'P10', price: 10, access_tier: 'one_time_sale' }),
      catalogRecord({ id: 'P50', price: 50, access_tier: 'one_time_sale' }),
    ];
    expect(ids(browse(priced, { min_price: '10' }).items).sort()).toEqual(['P10', 'P50']);
    expect(ids(browse(priced, { max_price: '10' }).items).sort()).toEqual(['FREE', 'P10']);
    expect(ids(browse(priced, { min_price: '0', max_price: '0' }).items)).toEqual(['FREE']);
    expect(ids(browse(priced, { min_price: '11', max_price: '50' }).items)).toEqual(['P50']);
  });

  it('leaves subscription templates out of any price range: a maximum of 0 is free only', () => {
    const tiers = [
      catalogRecord({ id: 'FREE', price: null, access_tier: 'free' }),
      catalogRecord({ id: 'SUB', price: null, access_tier: 'subscription' }),
      catalogRecord({ id: 'P10', price: 10, access_tier: 'one_time_sale' }),
    ];
    expect(ids(browse(tiers, { max_price: '0' }).items)).toEqual(['FREE']);
    expect(ids(browse(tiers, { max_price: '100' }).items).sort()).toEqual(['FREE', 'P10']);
    expect(ids(browse(tiers, {}).items).sort()).toEqual(['FREE', 'P10', 'SUB']);
    expect(ids(browse(tiers, { price: 'free' }).items)).toEqual(['FREE']);
    expect(ids(browse(tiers, { price: 'subscription' }).items)).toEqual(['SUB']);
    expect(ids(browse(tiers, { price: 'one_time_sale', max_price: '5' }).items)).toEqual([]);
  });

  it('combines filters with AND', () => {
    const mixed = [
      catalogRecord({
        id: 'X',
        category: 'SaaS',
        tech_stack: ['React'],
        price: 20,
        access_tier: 'one_time_sale',
      }),
      catalogRecord({
        id: 'Y',
        category: 'SaaS',
        tech_stack: ['Vue.js'],
        price: 20,
        access_tier: 'one_time_sale',
      }),
      catalogRecord({
        id: 'Z',
        category: 'Dashboard',
        tech_stack: ['React'],
        price: 20,
        access_tier: 'one_time_sale',
      }),
    ];
    const result = browse(mixed, { category: 'SaaS', tech_stack: 'React', min_price: '5' });
    expect(ids(result.items)).toEqual(['X']);
    expect(result.total).toBe(1);
  });
});

describe('browseCatalog sorting', () => {
  const records = [
    catalogRecord({
      id: '01A',
      published_at: '2025-03-01T00:00:00Z',
      download_count: 5,
      average_rating: 4.5,
    }),
    catalogRecord({
      id: '01B',
      published_at: '2025-05-01T00:00:00Z',
      download_count: 50,
      average_rating: 3,
    }),
    catalogRecord({ id: '01C', published_at: null, download_count: 5, average_rating: 5 }),
    catalogRecord({
      id: '01D',
      published_at: '2025-01-01T00:00:00Z',
      download_count: 500,
      average_rating: 4.5,
    }),
  ];

  it('defaults to newest published first, unpublished last', () => {
    expect(ids(browse(records).items)).toEqual(['01B', '01A', '01D', '01C']);
  });

  it('sorts by downloads descending, ties by id descending', () => {
    expect(ids(browse(records, { sort: 'download_count' }).items)).toEqual([
      '01D',
      '01B',
      '01C',
      '01A',
    ]);
  });

  it('sorts by rating descending, ties by id descending', () => {
    expect(ids(browse(records, { sort: 'average_rating' }).items)).toEqual([
      '01C',
      '01D',
      '01A',
      '01B',
    ]);
  });

  it('gives the same order whatever order the records were loaded in', () => {
    const forward = ids(browse(records, { sort: 'download_count' }).items);
    const backward = ids(browse([...records].reverse(), { sort: 'download_count' }).items);
    expect(backward).toEqual(forward);
  });
});

describe('browseCatalog paging', () => {
  const records = Array.from({ length: 45 }, (_, i) =>
    catalogRecord({ id: `ID${String(i).padStart(3, '0')}`, download_count: i }),
  );

  it('returns pages of 20 with the exact total', () => {
    const first = browse(records, { sort: 'download_count' });
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(45);
    expect(first.items[0]!.id).toBe('ID044');

    const third = browse(records, { sort: 'download_count', page: '2' });
    expect(ids(third.items)).toEqual(['ID004', 'ID003', 'ID002', 'ID001', 'ID000']);
    expect(third.total).toBe(45);
  });

  it('pages do not overlap and together cover every match', () => {
    const seen = [0, 1, 2].flatMap((page) =>
      ids(browse(records, { sort: 'download_count', page: String(page) }).items),
    );
    expect(new Set(seen).size).toBe(45);
  });

  it('answers an empty page past the end, still with the total', () => {
    const beyond = browse(records, { page: '9' });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(45);
  });

  it('honours a smaller limit', () => {
    expect(browse(records, { limit: '5' }).items).toHaveLength(5);
  });
});

describe('buildCatalogIndex at scale', () => {
  // How fast a request is at 10,000 and 100,000 templates is `npm run bench -- browse`'s to say;
  // here, that the presorted index answers such a catalog exactly.
  it('filters, sorts and pages 10,000 templates exactly', () => {
    const stacks = ['React', 'Vue.js', 'Angular', 'TypeScript', 'Node.js'];
    const records = Array.from({ length: 10_000 }, (_, i) =>
      catalogRecord({
        title: `Template number ${i}`,
        tech_stack: [stacks[i % 5]!, stacks[(i + 1) % 5]!],
        download_count: i % 97,
        price: i % 3 === 0 ? null : i % 200,
        access_tier: i % 3 === 0 ? 'free' : 'one_time_sale',
      }),
    );
    const index = buildCatalogIndex(records);
    const result = browseCatalog(
      index,
      query({ search: 'number 12', tech_stack: 'React', sort: 'download_count', max_price: '150' }),
    );
    // The last word typed is also a prefix: 12, 120 to 129, 1200 to 1299.
    const expected = records.filter(
      (record) =>
        record.title.split(' ')[2]!.startsWith('12') &&
        record.tech_stack.includes('React') &&
        (record.price ?? 0) <= 150,
    );
    expect(result.total).toBe(expected.length);
    expect(result.items).toHaveLength(20);
    const counts = result.items.map((item) => item.download_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(Math.max(...expected.map((record) => record.download_count)));
  });
});
