import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  applyCatalogChanges,
  browseCatalog,
  buildCatalogIndex,
  type CatalogRecord,
} from '../../../../lambdas/catalog/browse';
import {
  CatalogSnapshotFormatError,
  decodeCatalogSnapshot,
  encodeCatalogSnapshot,
  encodeJsonCatalogSnapshot,
  JSON_SNAPSHOT_FORMAT,
} from '../../../../lambdas/catalog/snapshot';
import { browseQuerySchema, SORT_OPTIONS } from '../../../../contract/catalog';
import { catalogRecord } from '../../../fixtures/template-fixtures';

const AS_OF = '2026-06-01T12:00:00.000Z';

const records: CatalogRecord[] = [
  catalogRecord({
    seller_id: 'seller-a',
    title: 'Stripe SaaS Kit',
    tech_stack: ['React', 'TypeScript'],
    access_tier: 'one_time_sale',
    price: 49.5,
    licensing_terms: 'premium_commercial',
    average_rating: 4.25,
    download_count: 1200,
    preview_image_keys: ['previews/a/1.png', 'previews/a/2.png'],
    preview_rendition_keys: ['previews/a/2.png'],
    demo_url: 'https://demo.example.com',
    github_url: 'https://github.com/acme/kit',
    version_number: '2.1.0',
    security_badge: 'critical',
    build: { outcome: 'built', package_manager: 'pnpm' },
  }),
  catalogRecord({
    seller_id: 'seller-b',
    title: 'Portfolio',
    published_at: null,
    tech_stack: [],
    security_badge: 'high',
    build: { outcome: 'failed', package_manager: null },
  }),
  catalogRecord({ seller_id: 'seller-a', title: 'Ünïcödé “quotes” \u0000 and emoji 🚀' }),
];

describe('catalog snapshot encoding', () => {
  it('decodes exactly what was encoded, in the binary layout and in the earlier JSON one', () => {
    for (const encode of [encodeCatalogSnapshot, encodeJsonCatalogSnapshot]) {
      const bytes = encode({ asOf: AS_OF, version: 42, records });
      expect(decodeCatalogSnapshot(bytes)).toEqual({ asOf: AS_OF, version: 42, records });
    }
  });

  it('reads a JSON-layout snapshot written before security badges: no card shows one', () => {
    const bytes = encodeJsonCatalogSnapshot({ asOf: AS_OF, version: 42, records });
    const file = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
      columns: Record<string, unknown>;
    };
    expect(file.columns.security_badge).toEqual([1, 2, 0]);
    delete file.columns.security_badge;
    const decoded = decodeCatalogSnapshot(gzipSync(JSON.stringify(file))).records;
    expect(decoded.map((record) => record.security_badge)).toEqual([null, null, null]);
    expect(decoded[0]!.title).toBe(records[0]!.title);
  });

  it('reads a JSON-layout snapshot written before builds reached the cards: none yet', () => {
    const bytes = encodeJsonCatalogSnapshot({ asOf: AS_OF, version: 42, records });
    const file = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
      columns: Record<string, unknown>;
    };
    // pnpm is the second package manager: 1 (built) + 4 × 2; failed without one: 2; none: 0.
    expect(file.columns.build).toEqual([9, 2, 0]);
    file.columns.build = [9, 99, 0];
    expect(decodeCatalogSnapshot(gzipSync(JSON.stringify(file))).records[1]!.build).toBeNull();
    delete file.columns.build;
    const decoded = decodeCatalogSnapshot(gzipSync(JSON.stringify(file))).records;
    expect(decoded.map((record) => record.build)).toEqual([null, null, null]);
    expect(decoded[0]!.security_badge).toBe('critical');
  });

  it('reads a snapshot written before renditions: every card keeps its original', () => {
    const bytes = encodeJsonCatalogSnapshot({ asOf: AS_OF, version: 42, records });
    const file = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
      columns: Record<string, unknown>;
    };
    delete file.columns.preview_rendition_keys;
    const decoded = decodeCatalogSnapshot(gzipSync(JSON.stringify(file))).records;
    expect(decoded.map((record) => record.preview_rendition_keys)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(decoded[0]!.preview_image_keys).toEqual(records[0]!.preview_image_keys);
  });

  it('round-trips an empty catalog', () => {
    for (const encode of [encodeCatalogSnapshot, encodeJsonCatalogSnapshot]) {
      const bytes = encode({ asOf: AS_OF, version: 0, records: [] });
      expect(decodeCatalogSnapshot(bytes).records).toEqual([]);
    }
  });

  it('was gzipped columnar JSON: one array per field, repeated values once in a string table', () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      catalogRecord({ seller_id: `seller-${i % 5}`, category: 'SaaS', tech_stack: ['React'] }),
    );
    const bytes = encodeJsonCatalogSnapshot({ asOf: AS_OF, version: 1, records: many });
    const file = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
      format: number;
      count: number;
      strings: string[];
      columns: Record<string, unknown[]>;
    };
    expect(file.format).toBe(JSON_SNAPSHOT_FORMAT);
    expect(file.count).toBe(500);
    // The one optional field has its column too (empty lists for templates without renditions).
    expect(Object.keys(file.columns).sort()).toEqual(
      [...Object.keys(many[0]!), 'preview_rendition_keys'].sort(),
    );
    for (const column of Object.values(file.columns)) expect(column).toHaveLength(500);
    // 5 sellers, one category, one technology, one tier, one licence, one version number.
    expect(file.strings).toHaveLength(10);
    const plain = gzipSync(JSON.stringify(many)).length;
    expect(bytes.length).toBeLessThan(plain);
  });

  it.each([
    ['not gzip', Buffer.from('{"format":1}')],
    ['gzip of not JSON', gzipSync('nope')],
    ['another format', gzipSync(JSON.stringify({ format: 3, as_of: AS_OF }))],
    [
      'a column of the wrong length',
      gzipSync(
        JSON.stringify({
          format: 1,
          as_of: AS_OF,
          version: 1,
          count: 2,
          strings: [],
          columns: { id: ['only-one'] },
        }),
      ),
    ],
    [
      'a string table position out of range',
      (() => {
        const file = JSON.parse(
          gunzipSync(encodeJsonCatalogSnapshot({ asOf: AS_OF, version: 1, records })).toString(),
        ) as { columns: { category: number[] } };
        file.columns.category[0] = 999;
        return gzipSync(JSON.stringify(file));
      })(),
    ],
  ])('refuses %s', (_name, bytes) => {
    expect(() => decodeCatalogSnapshot(bytes)).toThrow(CatalogSnapshotFormatError);
  });
});

describe('applyCatalogChanges', () => {
  const base = [
    catalogRecord({ id: 'A', published_at: '2025-01-01T00:00:00.000Z', download_count: 10 }),
    catalogRecord({ id: 'B', published_at: '2025-02-01T00:00:00.000Z', download_count: 30 }),
    catalogRecord({ id: 'C', published_at: '2025-03-01T00:00:00.000Z', download_count: 20 }),
  ];
  const idsBy = (index: ReturnType<typeof buildCatalogIndex>, sort: string) =>
    browseCatalog(index, browseQuerySchema.parse({ sort })).items.map((entry) => entry.id);

  it('adds, replaces and removes, keeping every sort order as a full rebuild would', () => {
    const changed = catalogRecord({
      id: 'A',
      published_at: '2025-01-01T00:00:00.000Z',
      download_count: 99,
      title: 'Renamed',
    });
    const added = catalogRecord({
      id: 'D',
      published_at: '2025-02-15T00:00:00.000Z',
      download_count: 25,
      average_rating: 5,
    });
    const index = applyCatalogChanges(buildCatalogIndex(base), {
      upserts: [changed, added],
      removals: ['C'],
    });
    const rebuilt = buildCatalogIndex([changed, base[1]!, added]);
    expect(index.size).toBe(3);
    for (const sort of SORT_OPTIONS) expect(idsBy(index, sort)).toEqual(idsBy(rebuilt, sort));
    expect(idsBy(index, 'download_count')).toEqual(['A', 'B', 'D']);
    expect(browseCatalog(index, browseQuerySchema.parse({ search: 'renamed' })).total).toBe(1);
  });

  it('returns the same index when nothing changed, and ignores removals of unknown ids', () => {
    const index = buildCatalogIndex(base);
    expect(applyCatalogChanges(index, { upserts: [], removals: [] })).toBe(index);
    expect(applyCatalogChanges(index, { upserts: [], removals: ['Z'] }).size).toBe(3);
  });

  it('keeps one entry per id when an id is upserted twice', () => {
    const index = applyCatalogChanges(buildCatalogIndex(base), {
      upserts: [
        catalogRecord({ id: 'B', title: 'First' }),
        catalogRecord({ id: 'B', title: 'Last' }),
      ],
      removals: [],
    });
    expect(index.size).toBe(3);
    expect(index.sorted.published_at.find((entry) => entry.id === 'B')?.title).toBe('Last');
  });
});
