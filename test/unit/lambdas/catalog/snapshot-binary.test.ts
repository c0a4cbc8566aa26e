/**
 * The binary snapshot layout: a new container that starts from it answers exactly as one that built
 * its catalog from the records (the same JSON for every query), it reads the earlier JSON layout
 * during a rollover, and it refuses damaged bytes instead of serving them.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_CATEGORIES,
  BROWSE_TECH_STACKS,
  LICENSING_TERMS,
  SORT_OPTIONS,
  browseQuerySchema,
} from '../../../../contract/catalog';
import {
  applyCatalogChanges,
  browseCatalog,
  buildCatalogIndex,
  CatalogIndex,
  type CatalogRecord,
} from '../../../../lambdas/catalog/browse';
import { recordAt, TextRun } from '../../../../lambdas/catalog/catalog-columns';
import {
  CatalogSnapshotFormatError,
  decodeCatalogSnapshot,
  decodeCatalogSnapshotColumns,
  encodeCatalogSnapshot,
  encodeJsonCatalogSnapshot,
} from '../../../../lambdas/catalog/snapshot';
import {
  BINARY_SNAPSHOT_MAGIC,
  numbersOfVarints,
  varintsOf,
} from '../../../../lambdas/catalog/snapshot-binary';
import { CatalogSearch } from '../../../../lambdas/catalog/catalog-search';
import { searchDocumentOfRecord } from '../../../../lambdas/catalog/catalog-index';
import { catalogRecord } from '../../../fixtures/template-fixtures';

const AS_OF = '2026-06-01T12:00:00.000Z';

const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)]!;

/** Text of every kind the columns carry: accents, emoji (surrogate pairs), quotes, NUL, empty. */
const WORDS = ['Kit', 'Σtudio', 'İstanbul', 'émoji 🚀', '“quoted”', 'nul\u0000', '', 'ΑΣ', 'a'];

/** Every kind of card build: none yet, each outcome, with and without a package manager. */
const BUILDS: CatalogRecord['build'][] = [
  null,
  { outcome: 'built', package_manager: 'npm' },
  { outcome: 'built', package_manager: 'pnpm' },
  { outcome: 'built', package_manager: 'uv' },
  { outcome: 'failed', package_manager: 'bun' },
  { outcome: 'failed', package_manager: null },
  { outcome: 'not_built', package_manager: null },
  { outcome: 'not_built', package_manager: 'yarn' },
];

const generated = (next: () => number, index: number): CatalogRecord => {
  const tier = pick(next, ['free', 'subscription', 'one_time_sale'] as const);
  const previews = Array.from({ length: Math.floor(next() * 4) }, (_, i) => `p/${index}/${i}.png`);
  return catalogRecord({
    seller_id: `seller-${Math.floor(next() * 7)}`,
    title: `${pick(next, WORDS)} ${pick(next, WORDS)} ${index}`,
    slug: `slug-${index}`,
    tagline: `${pick(next, WORDS)} for ${pick(next, TEMPLATE_CATEGORIES)}`,
    category: pick(next, TEMPLATE_CATEGORIES),
    tech_stack: [...new Set(Array.from({ length: 3 }, () => pick(next, BROWSE_TECH_STACKS)))],
    access_tier: tier,
    price: tier === 'one_time_sale' ? Math.floor(next() * 6000) / 100 : null,
    licensing_terms: pick(next, LICENSING_TERMS),
    average_rating: Math.floor(next() * 11) / 2,
    download_count: Math.floor(next() * 1e6),
    preview_image_keys: previews,
    ...(next() < 0.5 ? { preview_rendition_keys: previews.filter(() => next() < 0.7) } : {}),
    demo_url: next() < 0.5 ? null : `https://demo.example.com/${index}`,
    github_url: next() < 0.5 ? null : `https://github.com/acme/${index}`,
    published_at:
      next() < 0.05 ? null : new Date(Date.UTC(2025, 0, 1 + Math.floor(next() * 60))).toISOString(),
    version_number: `1.${Math.floor(next() * 3)}.0`,
    build: pick(next, BUILDS),
  });
};

const catalog = (size: number, seed = 1) => {
  const next = random(seed);
  return Array.from({ length: size }, (_, index) => generated(next, index));
};

const queries = (count: number) => {
  const next = random(7);
  return Array.from({ length: count }, () =>
    browseQuerySchema.parse({
      sort: pick(next, SORT_OPTIONS),
      ...(next() < 0.3 ? { search: pick(next, ['kit', 'σ', 'istanbul', '🚀', 'for']) } : {}),
      ...(next() < 0.4 ? { category: pick(next, TEMPLATE_CATEGORIES) } : {}),
      ...(next() < 0.3 ? { tech_stack: pick(next, BROWSE_TECH_STACKS) } : {}),
      ...(next() < 0.2 ? { max_price: String(Math.floor(next() * 60)) } : {}),
      ...(next() < 0.2 ? { licensing_terms: pick(next, LICENSING_TERMS) } : {}),
      page: String(next() < 0.6 ? 0 : Math.floor(next() * 10)),
    }),
  );
};

const fromSnapshot = (bytes: Uint8Array) =>
  new CatalogIndex(decodeCatalogSnapshotColumns(bytes).columns);

describe('the binary catalog snapshot', () => {
  it('is the format the snapshot task writes', () => {
    const bytes = encodeCatalogSnapshot({ asOf: AS_OF, version: 1, records: catalog(3) });
    expect(gunzipSync(bytes).toString('latin1', 0, 4)).toBe(BINARY_SNAPSHOT_MAGIC);
  });

  it('answers every query exactly as the catalog built from the records, as did the JSON one', () => {
    const records = catalog(2_000);
    const built = buildCatalogIndex(records);
    const binary = fromSnapshot(encodeCatalogSnapshot({ asOf: AS_OF, version: 3, records }));
    const json = fromSnapshot(encodeJsonCatalogSnapshot({ asOf: AS_OF, version: 3, records }));
    for (const query of queries(300)) {
      const expected = JSON.stringify(browseCatalog(built, query));
      expect(JSON.stringify(browseCatalog(binary, query))).toBe(expected);
      expect(JSON.stringify(browseCatalog(json, query))).toBe(expected);
    }
  });

  it('carries the sort orders as the catalog sorts them', () => {
    const records = catalog(1_000);
    const decoded = decodeCatalogSnapshotColumns(
      encodeCatalogSnapshot({ asOf: AS_OF, version: 1, records }),
    );
    expect(decoded.orders).toEqual(buildCatalogIndex(records).orders);
  });

  it('keeps its text columns as read through changes, cards and all', () => {
    const records = catalog(600, 5);
    const later = catalog(630, 6).slice(600);
    const changes = {
      upserts: [
        ...later.map((record, i) => ({ ...record, id: `later-${i}`, demo_url: null })),
        { ...records[3]!, tagline: 'edited émoji 🚀', github_url: null },
        { ...records[400]!, title: 'Edited \ud800 title', demo_url: 'https://demo.example.com/x' },
      ],
      removals: [records[0]!.id, records[10]!.id, records[11]!.id, records[599]!.id],
    };
    const decoded = decodeCatalogSnapshotColumns(
      encodeCatalogSnapshot({ asOf: AS_OF, version: 1, records }),
    );
    let read = new CatalogIndex(decoded.columns, decoded.orders ?? undefined, decoded.search);
    let built = buildCatalogIndex(records);
    for (const round of [changes, { upserts: later.slice(0, 3), removals: [records[5]!.id] }]) {
      read = applyCatalogChanges(read, round);
      built = applyCatalogChanges(built, round);
      const all = (index: CatalogIndex) =>
        Array.from({ length: index.size }, (_, row) => recordAt(index.columns, row));
      // Still read from the snapshot's runs: a change copies the text, it makes no value.
      expect(read.columns.preview).toBeInstanceOf(TextRun);
      expect(read.columns.publishedAt).toBeInstanceOf(TextRun);
      expect(all(read)).toEqual(all(built));
      for (const query of queries(60)) {
        expect(JSON.stringify(browseCatalog(read, query))).toBe(
          JSON.stringify(browseCatalog(built, query)),
        );
      }
    }
  });

  it('round-trips text UTF-8 cannot carry (a lone surrogate) and a catalog of one', () => {
    const records = [catalogRecord({ title: 'broken \ud800 pair', tagline: '\udc00' })];
    const bytes = encodeCatalogSnapshot({ asOf: AS_OF, version: 9, records });
    expect(decodeCatalogSnapshot(bytes)).toEqual({ asOf: AS_OF, version: 9, records });
  });

  const damaged = (change: (plain: Buffer) => Buffer) => {
    const bytes = encodeCatalogSnapshot({ asOf: AS_OF, version: 1, records: catalog(20) });
    return gzipSync(change(Buffer.from(gunzipSync(bytes))));
  };
  /** The header as written, and where the sections start. */
  const headerOf = (plain: Buffer) => {
    const length = plain.readUInt32LE(8);
    const header = JSON.parse(plain.toString('utf8', 12, 12 + length)) as {
      format: number;
      count: number;
      sections: { name: string; kind: string; bytes: number }[];
    };
    return { header, start: 12 + length };
  };
  const withHeader = (
    plain: Buffer,
    edit: (header: ReturnType<typeof headerOf>['header']) => void,
  ) => {
    const { header, start } = headerOf(plain);
    edit(header);
    const head = Buffer.from(JSON.stringify(header));
    const prefix = Buffer.from(plain.subarray(0, 12));
    prefix.writeUInt32LE(head.length, 8);
    return Buffer.concat([prefix, head, plain.subarray(start)]);
  };
  /** The byte offset of section `name`'s first byte. */
  const sectionAt = (plain: Buffer, name: string) => {
    const { header, start } = headerOf(plain);
    let at = start;
    for (const section of header.sections) {
      if (section.name === name) return at;
      at += section.bytes;
    }
    throw new Error(`no section ${name}`);
  };

  it.each([
    ['truncated', (plain: Buffer) => plain.subarray(0, plain.length - 3)],
    ['cut inside its prefix', (plain: Buffer) => plain.subarray(0, 7)],
    ['another binary format', (plain: Buffer) => (plain.writeUInt32LE(3, 4), plain)],
    [
      'a missing section',
      (plain: Buffer) =>
        withHeader(plain, (header) => {
          header.sections[0]!.name = 'renamed';
        }),
    ],
    [
      'a count that does not match the columns',
      (plain: Buffer) =>
        withHeader(plain, (header) => {
          header.count += 1;
        }),
    ],
    [
      'a string table position out of range',
      (plain: Buffer) => (plain.writeUInt32LE(999, sectionAt(plain, 'category')), plain),
    ],
    [
      'a sort order that is not a permutation',
      (plain: Buffer) => {
        const at = sectionAt(plain, 'order.download_count');
        plain.writeUInt32LE(plain.readUInt32LE(at + 4), at);
        return plain;
      },
    ],
    [
      'search gaps cut short',
      (plain: Buffer) => {
        const at = sectionAt(plain, 'search.fields') - 1;
        plain.writeUInt8(0x80, at);
        return plain;
      },
    ],
    [
      'text lengths that do not add up to the text',
      (plain: Buffer) => (
        plain.writeUInt32LE(10_000, sectionAt(plain, 'title.lengths') + 4),
        plain
      ),
    ],
  ])('refuses a snapshot %s', (_name, change) => {
    expect(() => decodeCatalogSnapshot(damaged(change))).toThrow(CatalogSnapshotFormatError);
  });

  it("carries each card's build in one byte, and reads a snapshot written before it as none yet", () => {
    const records = catalog(400);
    expect(new Set(records.map((record) => JSON.stringify(record.build))).size).toBe(BUILDS.length);
    const written = Buffer.from(
      gunzipSync(encodeCatalogSnapshot({ asOf: AS_OF, version: 3, records })),
    );
    const { header } = headerOf(written);
    const section = header.sections.find((entry) => entry.name === 'build')!;
    expect(section).toMatchObject({ kind: 'u8', bytes: records.length });
    const current = decodeCatalogSnapshot(gzipSync(written)).records;
    expect(current.map((record) => record.build)).toEqual(records.map((record) => record.build));

    // The layout before the column: the same snapshot without its section.
    const from = sectionAt(written, 'build');
    const older = withHeader(
      Buffer.concat([written.subarray(0, from), written.subarray(from + section.bytes)]),
      (edited) => {
        edited.sections = edited.sections.filter((entry) => entry.name !== 'build');
      },
    );
    const decoded = decodeCatalogSnapshot(gzipSync(older)).records;
    expect(decoded.map((record) => record.build)).toEqual(records.map(() => null));
    // Everything else reads as before.
    expect(decoded.map(({ build: _build, ...rest }) => rest)).toEqual(
      current.map(({ build: _build, ...rest }) => rest),
    );
  });

  it('stores the search gaps as varints, and reads those of a snapshot written with u32 gaps', () => {
    const values = Uint32Array.from([
      0,
      1,
      127,
      128,
      300,
      2 ** 14,
      2 ** 21 - 1,
      2 ** 28,
      2 ** 32 - 1,
    ]);
    const bytes = varintsOf(values);
    expect(bytes.length).toBe(1 + 1 + 1 + 2 + 2 + 3 + 3 + 5 + 5);
    expect(numbersOfVarints(bytes, values.length)).toEqual(values);
    expect(numbersOfVarints(bytes, values.length + 1)).toBeNull();
    expect(numbersOfVarints(bytes.subarray(0, bytes.length - 1), values.length)).toBeNull();
    expect(numbersOfVarints(Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]), 1)).toBeNull();

    // The layout before varints: the same gaps as u32 in a section `search.gaps`.
    const records = catalog(500);
    const written = Buffer.from(
      gunzipSync(encodeCatalogSnapshot({ asOf: AS_OF, version: 2, records })),
    );
    const { gaps } = CatalogSearch.build(records.map(searchDocumentOfRecord)).encoded;
    const from = sectionAt(written, 'search.gapBytes');
    const { header } = headerOf(written);
    const varintBytes = header.sections.find((section) => section.name === 'search.gapBytes')!;
    const older = withHeader(
      Buffer.concat([
        written.subarray(0, from),
        Buffer.from(gaps.buffer, gaps.byteOffset, gaps.byteLength),
        written.subarray(from + varintBytes.bytes),
      ]),
      (edited) => {
        const section = edited.sections.find((entry) => entry.name === 'search.gapBytes')!;
        Object.assign(section, { name: 'search.gaps', kind: 'u32', bytes: gaps.byteLength });
      },
    );
    const built = buildCatalogIndex(records);
    const decoded = decodeCatalogSnapshotColumns(gzipSync(older));
    // Its postings are read (a snapshot without any would be indexed from the columns).
    expect(decoded.search?.size).toBe(records.length);
    const read = new CatalogIndex(decoded.columns, undefined, decoded.search);
    for (const search of ['kit', 'istanbul', 'quoted', 'for', 'studi']) {
      const query = browseQuerySchema.parse({ search });
      expect(JSON.stringify(browseCatalog(read, query)), search).toBe(
        JSON.stringify(browseCatalog(built, query)),
      );
    }
  });
});
