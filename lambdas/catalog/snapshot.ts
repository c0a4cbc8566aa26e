/**
 * The browse catalog snapshot: every approved template as the compact record browse needs, in one
 * gzipped JSON object (docs/data-model.md, section 5). Pure encoding and decoding, no I/O.
 *
 * Why a file at all: a new container used to load the catalog by reading every approved item
 * from the `byStatus` index (full items, 1 MB pages, one after another): 4–8 s and ~480 MB at
 * 10,000 templates. The snapshot holds only the card fields, so one GetObject
 * of a few hundred KB replaces thousands of read units and tens of sequential queries.
 *
 * Why columnar: one array per field instead of one object per template. Keys are written once
 * instead of 10,000 times, values of a field sit together (gzip finds their repeats), and the
 * low-cardinality fields (seller, category, technologies, tier, licence, version number) are
 * indexes into one string table, so the decoded records share those strings instead of holding
 * 10,000 copies each. At 10,000 templates that is 2.2 MB of JSON (the same records as JSON objects
 * take 2.3× as much) and 250 KB gzipped, where reading the index returned ~30 MB of whole items.
 *
 * The snapshot need not be fresh: `asOf` says which changes it holds (everything written before
 * that moment), and a reader applies the changes since then from the table (catalog-cache.ts).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CatalogRecord } from './browse';

/** Bumped on any change of the layout below; a reader refuses other formats (and loads the table). */
export const CATALOG_SNAPSHOT_FORMAT = 1;

export interface CatalogSnapshot {
  /**
   * Every change of a template made before this moment (ISO, the builder's clock, taken before it
   * read the index) is in `records`; later ones may or may not be.
   */
  asOf: string;
  /** The catalog version read before the records (for logs; readers go by `asOf`). */
  version: number;
  records: CatalogRecord[];
}

/** The stored layout: one column per field of {@link CatalogRecord}, in the same order. */
interface SnapshotFile {
  format: typeof CATALOG_SNAPSHOT_FORMAT;
  as_of: string;
  version: number;
  count: number;
  /** The string table the dictionary columns index into. */
  strings: string[];
  columns: {
    id: string[];
    seller_id: number[];
    title: string[];
    slug: string[];
    tagline: string[];
    category: number[];
    tech_stack: number[][];
    price: (number | null)[];
    access_tier: number[];
    licensing_terms: number[];
    average_rating: number[];
    download_count: number[];
    preview_image_keys: string[][];
    /** Optional: a snapshot written before renditions existed has none (every card its original). */
    preview_rendition_keys?: string[][];
    demo_url: (string | null)[];
    github_url: (string | null)[];
    published_at: (string | null)[];
    version_number: number[];
  };
}

/** Thrown for bytes that are not a snapshot of this format; the reader falls back to the table. */
export class CatalogSnapshotFormatError extends Error {
  constructor(reason: string) {
    super(`Not a catalog snapshot of format ${CATALOG_SNAPSHOT_FORMAT}: ${reason}`);
    this.name = 'CatalogSnapshotFormatError';
  }
}

/** The snapshot as stored: columnar JSON, gzipped. */
export const encodeCatalogSnapshot = (snapshot: CatalogSnapshot): Buffer => {
  const strings: string[] = [];
  const positions = new Map<string, number>();
  const intern = (value: string): number => {
    let position = positions.get(value);
    if (position === undefined) {
      position = strings.length;
      strings.push(value);
      positions.set(value, position);
    }
    return position;
  };
  const records = snapshot.records;
  const column = <T>(read: (record: CatalogRecord) => T): T[] => records.map(read);
  const file: SnapshotFile = {
    format: CATALOG_SNAPSHOT_FORMAT,
    as_of: snapshot.asOf,
    version: snapshot.version,
    count: records.length,
    strings,
    columns: {
      id: column((record) => record.id),
      seller_id: column((record) => intern(record.seller_id)),
      title: column((record) => record.title),
      slug: column((record) => record.slug),
      tagline: column((record) => record.tagline),
      category: column((record) => intern(record.category)),
      tech_stack: column((record) => record.tech_stack.map(intern)),
      price: column((record) => record.price),
      access_tier: column((record) => intern(record.access_tier)),
      licensing_terms: column((record) => intern(record.licensing_terms)),
      average_rating: column((record) => record.average_rating),
      download_count: column((record) => record.download_count),
      preview_image_keys: column((record) => record.preview_image_keys),
      preview_rendition_keys: column((record) => record.preview_rendition_keys ?? []),
      demo_url: column((record) => record.demo_url),
      github_url: column((record) => record.github_url),
      published_at: column((record) => record.published_at),
      version_number: column((record) => intern(record.version_number)),
    },
  };
  return gzipSync(JSON.stringify(file));
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a stored snapshot back into records. Checks the shape (format, column lengths, string
 * table positions) but trusts the values: only our snapshot task writes this object, from
 * records it read from the table.
 */
export const decodeCatalogSnapshot = (bytes: Uint8Array): CatalogSnapshot => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(gunzipSync(bytes).toString('utf8'));
  } catch (error) {
    throw new CatalogSnapshotFormatError(`unreadable (${(error as Error).message})`);
  }
  if (!isObject(parsed) || parsed.format !== CATALOG_SNAPSHOT_FORMAT) {
    throw new CatalogSnapshotFormatError(`format ${String(isObject(parsed) && parsed.format)}`);
  }
  const file = parsed as unknown as SnapshotFile;
  const { count, strings, columns } = file;
  if (
    typeof file.as_of !== 'string' ||
    Number.isNaN(Date.parse(file.as_of)) ||
    !Number.isInteger(count) ||
    !Array.isArray(strings) ||
    !isObject(columns)
  ) {
    throw new CatalogSnapshotFormatError('header');
  }
  for (const [name, values] of Object.entries(columns)) {
    if (!Array.isArray(values) || values.length !== count) {
      throw new CatalogSnapshotFormatError(`column ${name}`);
    }
  }
  const text = (position: number): string => {
    const value = strings[position];
    if (value === undefined) throw new CatalogSnapshotFormatError(`string ${position}`);
    return value;
  };
  const records = new Array<CatalogRecord>(count);
  for (let i = 0; i < count; i += 1) {
    records[i] = {
      id: columns.id[i]!,
      seller_id: text(columns.seller_id[i]!),
      title: columns.title[i]!,
      slug: columns.slug[i]!,
      tagline: columns.tagline[i]!,
      category: text(columns.category[i]!) as CatalogRecord['category'],
      tech_stack: columns.tech_stack[i]!.map(text),
      price: columns.price[i] ?? null,
      access_tier: text(columns.access_tier[i]!) as CatalogRecord['access_tier'],
      licensing_terms: text(columns.licensing_terms[i]!) as CatalogRecord['licensing_terms'],
      average_rating: columns.average_rating[i]!,
      download_count: columns.download_count[i]!,
      preview_image_keys: columns.preview_image_keys[i]!,
      ...(columns.preview_rendition_keys?.[i]?.length
        ? { preview_rendition_keys: columns.preview_rendition_keys[i] }
        : {}),
      demo_url: columns.demo_url[i] ?? null,
      github_url: columns.github_url[i] ?? null,
      published_at: columns.published_at[i] ?? null,
      version_number: text(columns.version_number[i]!),
    };
  }
  return { asOf: file.as_of, version: file.version, records };
};
