/**
 * The browse catalog snapshot: every approved template as the compact record browse needs, in one
 * gzipped object (docs/data-model.md, section 5). Pure encoding and decoding, no I/O.
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
 * 10,000 copies each. At 10,000 templates that was 2.2 MB of JSON (the same records as JSON objects
 * take 2.3× as much) and 250 KB gzipped, where reading the index returned ~30 MB of whole items.
 * The columns are now written binary (snapshot-binary.ts), as small gzipped and read without a
 * JSON parse; the JSON layout stays readable for the objects written before.
 *
 * The snapshot need not be fresh: `asOf` says which changes it holds (everything written before
 * that moment), and a reader applies the changes since then from the table (catalog-cache.ts).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { SortOption } from '../../contract/catalog';
import {
  BADGE_CODES,
  badgeCode,
  buildCode,
  buildOfCode,
  columnsFromRecords,
  recordAt,
  renditionMaskOf,
  type CatalogColumns,
  type CatalogRecord,
} from './catalog-columns';
import {
  BINARY_SNAPSHOT_FORMAT,
  BinarySnapshotError,
  decodeBinarySnapshot,
  encodeBinarySnapshot,
  isBinarySnapshot,
} from './snapshot-binary';
import { CatalogSearch } from './catalog-search';
import { buildOrders, searchDocumentOfRecord } from './catalog-index';

/**
 * The format the snapshot task writes: binary columns (snapshot-binary.ts). Readers also read
 * {@link JSON_SNAPSHOT_FORMAT}, which the task wrote before, so a new container that finds an older
 * object still starts from it; a reader refuses any other (and loads the table).
 */
export const CATALOG_SNAPSHOT_FORMAT = BINARY_SNAPSHOT_FORMAT;
/** The earlier layout: columnar JSON, one array per field. */
export const JSON_SNAPSHOT_FORMAT = 1;

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

/** The JSON layout: one column per field of {@link CatalogRecord}, in the same order. */
interface SnapshotFile {
  format: typeof JSON_SNAPSHOT_FORMAT;
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
    /**
     * Codes of BADGE_CODES (0: none). Optional: a snapshot written before security badges existed
     * has none, and its cards show none until the changes since it are applied.
     */
    security_badge?: number[];
    /** Codes of `buildCode` (0: none yet). Optional: a snapshot written before it says none yet. */
    build?: number[];
  };
}

/** Thrown for bytes that are not a snapshot of this format; the reader falls back to the table. */
export class CatalogSnapshotFormatError extends Error {
  constructor(reason: string) {
    super(`Not a catalog snapshot this reader knows: ${reason}`);
    this.name = 'CatalogSnapshotFormatError';
  }
}

/**
 * The snapshot as the task stores it: binary columns, the search index's postings and the sort
 * orders, gzipped (the records' descriptions and seller names are indexed, not stored).
 */
export const encodeCatalogSnapshot = (snapshot: CatalogSnapshot): Buffer => {
  const columns = columnsFromRecords(snapshot.records);
  return gzipSync(
    encodeBinarySnapshot(
      snapshot,
      columns,
      CatalogSearch.build(snapshot.records.map(searchDocumentOfRecord)),
      buildOrders(columns),
    ),
  );
};

/**
 * The snapshot in the earlier JSON layout, as objects written before the binary one hold it (the
 * tests of the rollover, and the benches' figure before).
 */
export const encodeJsonCatalogSnapshot = (snapshot: CatalogSnapshot): Buffer => {
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
    format: JSON_SNAPSHOT_FORMAT,
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
      security_badge: column((record) => badgeCode(record.security_badge)),
      build: column((record) => buildCode(record.build)),
    },
  };
  return gzipSync(JSON.stringify(file));
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The largest output buffer allocated up front; a larger content is read in chunks of this. */
const MAX_SINGLE_CHUNK = 256 * 2 ** 20;

/**
 * Decompressed into one buffer of the size the gzip trailer states: by default zlib fills 64 KB
 * chunks and then copies them into one, which held the content twice at the peak.
 */
const gunzip = (bytes: Uint8Array): Buffer => {
  // A gzip member's last four bytes: the size of its content (modulo 2^32).
  const stated =
    bytes.length >= 4
      ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).readUInt32LE(bytes.length - 4)
      : 0;
  try {
    return gunzipSync(bytes, {
      chunkSize: Math.min(MAX_SINGLE_CHUNK, Math.max(64 * 1024, stated + 64)),
    });
  } catch (error) {
    throw new CatalogSnapshotFormatError(`unreadable (${(error as Error).message})`);
  }
};

/** A JSON object parsed and its shape checked (format, header, column lengths). */
const parseSnapshotFile = (text: Buffer): SnapshotFile => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.toString('utf8'));
  } catch (error) {
    throw new CatalogSnapshotFormatError(`unreadable (${(error as Error).message})`);
  }
  if (!isObject(parsed) || parsed.format !== JSON_SNAPSHOT_FORMAT) {
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
  return file;
};

/**
 * Reads a stored snapshot back into records. Checks the shape (format, column lengths, string
 * table positions) but trusts the values: only our snapshot task writes this object, from
 * records it read from the table.
 */
export const decodeCatalogSnapshot = (bytes: Uint8Array): CatalogSnapshot => {
  const { asOf, version, columns } = decodeCatalogSnapshotColumns(bytes);
  const records = Array.from({ length: columns.count }, (_, row) => recordAt(columns, row));
  return { asOf, version, records };
};

/** A decoded snapshot as the browse cache holds it: columns, no object per template. */
export interface CatalogSnapshotColumns {
  asOf: string;
  version: number;
  columns: CatalogColumns;
  /** The search index it carries; `null` for a snapshot written before it had one. */
  search: CatalogSearch | null;
  /** Its sort orders; absent or `null` for a snapshot written without them (sorted on reading). */
  orders?: Record<SortOption, Uint32Array> | null;
}

/**
 * Reads a stored snapshot straight into columns, so a new container makes no object per template
 * (docs/data-model.md, section 5, "Memory"): the binary layout's sections, or the parsed arrays of
 * a JSON one (the string table too).
 */
export const decodeCatalogSnapshotColumns = (bytes: Uint8Array): CatalogSnapshotColumns => {
  const plain = gunzip(bytes);
  if (isBinarySnapshot(plain)) {
    try {
      const { search, ...decoded } = decodeBinarySnapshot(plain);
      return {
        ...decoded,
        search: search && CatalogSearch.decode(search, decoded.columns.count),
      };
    } catch (error) {
      if (error instanceof BinarySnapshotError || error instanceof RangeError) {
        throw new CatalogSnapshotFormatError(`binary: ${error.message}`);
      }
      throw error;
    }
  }
  const file = parseSnapshotFile(plain);
  return { asOf: file.as_of, version: file.version, columns: decodeColumns(file), search: null };
};

const decodeColumns = (file: SnapshotFile): CatalogColumns => {
  const { count, strings, columns } = file;
  const position = (value: number): number => {
    if (!Number.isInteger(value) || value < 0 || value >= strings.length) {
      throw new CatalogSnapshotFormatError(`string ${value}`);
    }
    return value;
  };
  // Plain loops: `TypedArray.from` with a mapping function is many times slower in V8.
  const codes = (values: number[]) => {
    const result = new Uint32Array(count);
    for (let row = 0; row < count; row += 1) result[row] = position(values[row]!);
    return result;
  };
  const techStart = new Uint32Array(count + 1);
  const previewStart = new Uint32Array(count + 1);
  for (let row = 0; row < count; row += 1) {
    techStart[row + 1] = techStart[row]! + columns.tech_stack[row]!.length;
    previewStart[row + 1] = previewStart[row]! + columns.preview_image_keys[row]!.length;
  }
  const tech = new Uint32Array(techStart[count]!);
  const preview = new Array<string>(previewStart[count]!);
  const price = new Float64Array(count);
  const renditions = new Uint16Array(count);
  const securityBadge = new Uint8Array(count);
  const build = new Uint8Array(count);
  for (let row = 0; row < count; row += 1) {
    const techs = columns.tech_stack[row]!;
    for (let t = 0; t < techs.length; t += 1) tech[techStart[row]! + t] = position(techs[t]!);
    const keys = columns.preview_image_keys[row]!;
    for (let p = 0; p < keys.length; p += 1) preview[previewStart[row]! + p] = keys[p]!;
    renditions[row] = renditionMaskOf(keys, columns.preview_rendition_keys?.[row]);
    price[row] = columns.price[row] ?? Number.NaN;
    const badge = columns.security_badge?.[row] ?? 0;
    securityBadge[row] = Number.isInteger(badge) && badge < BADGE_CODES.length ? badge : 0;
    const buildValue = columns.build?.[row] ?? 0;
    build[row] = Number.isInteger(buildValue) && buildOfCode(buildValue) ? buildValue : 0;
  }
  const orNull = <T>(values: (T | null)[]) => values.map((value) => value ?? null);
  return {
    count,
    strings,
    id: columns.id,
    seller: codes(columns.seller_id),
    title: columns.title,
    slug: columns.slug,
    tagline: columns.tagline,
    category: codes(columns.category),
    techStart,
    tech,
    price,
    accessTier: codes(columns.access_tier),
    licence: codes(columns.licensing_terms),
    rating: Float64Array.from(columns.average_rating),
    downloads: Float64Array.from(columns.download_count),
    previewStart,
    preview,
    renditions,
    demoUrl: orNull(columns.demo_url),
    githubUrl: orNull(columns.github_url),
    publishedAt: orNull(columns.published_at),
    versionNumber: codes(columns.version_number),
    securityBadge,
    build,
  };
};
