/**
 * The catalog snapshot's binary layout (format 2): the columns of catalog-columns.ts written as they
 * sit in memory, so a new container reads them without parsing JSON (docs/data-model.md,
 * section 5, "Cold start: the snapshot").
 *
 * Why: at 100,000 templates the JSON snapshot was 23 MB of text; parsing it held the bytes, their
 * string and a tree of 200,000 small arrays at once, a transient that set the handler's peak
 * memory, not the catalog it became. Here:
 * - a number column is its typed array's bytes, copied straight into a new typed array;
 * - a text column is one run of characters and the length of each value: the run is decoded
 *   once into one string and each value is a slice of it (V8 keeps a slice of 13 characters or
 *   more as a pointer into the run, not a copy);
 * - a list column (technologies, preview images) is its values and each row's count.
 * Lengths, not offsets: small numbers gzip to almost nothing, growing offsets hardly shrink.
 *
 * Layout, after gunzip: "CATS", then the format (uint32), the header's length (uint32), the header
 * (UTF-8 JSON: as_of, version, count and the sections' names, kinds and byte lengths, in order),
 * then each section. Numbers are little-endian, as on every Lambda architecture (x86_64, arm64).
 */
import { SORT_OPTIONS, type SortOption } from '../../contract/catalog';
import { TextRun, type CatalogColumns, type TextColumn } from './catalog-columns';
import type { CatalogSearch, StoredSearch } from './catalog-search';

export const BINARY_SNAPSHOT_MAGIC = 'CATS';
export const BINARY_SNAPSHOT_FORMAT = 2;

type NumberKind = 'u16' | 'u32' | 'f64';
/** A text run: UTF-8, or UTF-16 for a run UTF-8 cannot carry (a lone surrogate). */
type TextKind = 'utf8' | 'utf16le';
type Kind = NumberKind | TextKind | 'u8';

interface SectionHeader {
  name: string;
  kind: Kind;
  bytes: number;
}

export interface BinaryHeader {
  format: typeof BINARY_SNAPSHOT_FORMAT;
  as_of: string;
  version: number;
  count: number;
  sections: SectionHeader[];
}

/** The typed columns, by their name in {@link CatalogColumns}. */
const NUMBER_COLUMNS = {
  seller: 'u32',
  category: 'u32',
  techStart: 'u32',
  tech: 'u32',
  price: 'f64',
  accessTier: 'u32',
  licence: 'u32',
  rating: 'f64',
  downloads: 'f64',
  previewStart: 'u32',
  renditions: 'u16',
  versionNumber: 'u32',
} as const satisfies Record<string, NumberKind>;

const TEXT_COLUMNS = ['strings', 'id', 'title', 'slug', 'tagline', 'preview'] as const;
const NULLABLE_TEXT_COLUMNS = ['demoUrl', 'githubUrl', 'publishedAt'] as const;

type NumberColumn = keyof typeof NUMBER_COLUMNS;
type TypedColumn = Uint16Array | Uint32Array | Float64Array;

const bytesOf = (array: TypedColumn | Uint8Array): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** The length of each row's list, from its offsets (one more than rows). */
const lengthsOf = (starts: ArrayLike<number>): Uint32Array => {
  const lengths = new Uint32Array(Math.max(0, starts.length - 1));
  for (let i = 0; i < lengths.length; i += 1) lengths[i] = starts[i + 1]! - starts[i]!;
  return lengths;
};

/**
 * Offsets from lengths (u32, little-endian, read where they lie: no copy of them first):
 * one more than lengths, starting at 0.
 */
const startsOf = (lengths: Uint8Array): Uint32Array => {
  const count = lengths.byteLength / 4;
  const view = new DataView(lengths.buffer, lengths.byteOffset, lengths.byteLength);
  const starts = new Uint32Array(count + 1);
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    total += view.getUint32(i * 4, true);
    if (total > 0xffff_ffff) throw new BinarySnapshotError('lengths');
    starts[i + 1] = total;
  }
  return starts;
};

/**
 * Numbers as varints (LEB128): seven bits a byte, the lowest first, the top bit set on every byte
 * but a number's last.
 */
export const varintsOf = (values: Uint32Array): Uint8Array => {
  const bytes = new Uint8Array(values.length * 5);
  let at = 0;
  for (let i = 0; i < values.length; i += 1) {
    let value = values[i]!;
    while (value >= 0x80) {
      bytes[at++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    bytes[at++] = value;
  }
  return bytes.subarray(0, at);
};

/** `count` numbers read back from `varintsOf`'s bytes; null unless the bytes hold exactly that. */
export const numbersOfVarints = (bytes: Uint8Array, count: number): Uint32Array | null => {
  const values = new Uint32Array(count);
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    if (at >= bytes.length) return null;
    let byte = bytes[at++]!;
    let value = byte & 0x7f;
    let scale = 0x80;
    while (byte >= 0x80) {
      if (at >= bytes.length || scale > 2 ** 28) return null;
      byte = bytes[at++]!;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    }
    if (value > 0xffff_ffff) return null;
    values[i] = value;
  }
  return at === bytes.length ? values : null;
};

/** Thrown for bytes that do not hold a well-formed binary snapshot. */
export class BinarySnapshotError extends Error {}

/** The columns as the sections of format 2, gzip not included. */
export const encodeBinarySnapshot = (
  header: { asOf: string; version: number },
  columns: CatalogColumns,
  search: CatalogSearch | null = null,
  orders: Readonly<Record<SortOption, Uint32Array>> | null = null,
): Buffer => {
  const sections: { header: SectionHeader; bytes: Uint8Array }[] = [];
  const add = (name: string, kind: Kind, bytes: Uint8Array) =>
    sections.push({ header: { name, kind, bytes: bytes.byteLength }, bytes });
  for (const [name, kind] of Object.entries(NUMBER_COLUMNS)) {
    const values = columns[name as NumberColumn];
    // A list's offsets as each row's length: small numbers, which gzip packs to almost nothing.
    const stored = name === 'techStart' || name === 'previewStart' ? lengthsOf(values) : values;
    add(name, kind, bytesOf(stored));
  }
  // The card's security badge codes (catalog-columns.ts, BADGE_CODES): optional when reading, so
  // a snapshot written before badges existed still loads (no card shows one until it is rebuilt).
  add('securityBadge', 'u8', bytesOf(columns.securityBadge));
  // The card's build badge (catalog-columns.ts, buildCode): optional when reading, so a snapshot
  // written before builds reached the cards still loads (its cards say none yet until the task
  // rewrites it, within 5 minutes, or a change of the template is applied).
  add('build', 'u8', bytesOf(columns.build));
  const text = (name: string, column: TextColumn<string | null> | readonly string[]) => {
    const values = column.slice();
    const lengths = Uint32Array.from(values, (value) => value?.length ?? 0);
    const run = values.join('');
    // Lengths count UTF-16 code units, which UTF-8 keeps only for well-formed text.
    const wellFormed = (run as string & { isWellFormed(): boolean }).isWellFormed();
    const kind: TextKind = wellFormed ? 'utf8' : 'utf16le';
    add(`${name}.lengths`, 'u32', bytesOf(lengths));
    add(`${name}.text`, kind, Buffer.from(run, kind));
  };
  for (const name of TEXT_COLUMNS) text(name, columns[name]);
  // The search index's postings (catalog-search.ts): optional when reading, so a snapshot written
  // before search had them still loads (its index is then made from the columns).
  if (search) {
    const { terms, counts, gaps, fields } = search.encoded;
    text('search.terms', terms);
    add('search.counts', 'u32', bytesOf(counts));
    // The gaps as varints (most are below 128: one byte each), not four bytes apiece: at 100,000
    // templates 4 MB instead of 15 MB to unpack and no copy to read them.
    add('search.gapBytes', 'u8', varintsOf(gaps));
    add('search.fields', 'u8', bytesOf(fields));
  }
  // Each sort order (catalog-index.ts, buildOrders): a new container reads them instead of
  // sorting. Optional when reading (sorted then). Named for the order they hold: a change of
  // compareRows' order must rename them, so that no container reads an order of the old rule.
  if (orders) {
    for (const sort of SORT_OPTIONS) add(`order.${sort}`, 'u32', bytesOf(orders[sort]));
  }
  for (const name of NULLABLE_TEXT_COLUMNS) {
    const values = columns[name];
    text(name, values);
    add(
      `${name}.present`,
      'u8',
      Uint8Array.from(values.slice(), (value) => (value === null ? 0 : 1)),
    );
  }
  const head: BinaryHeader = {
    format: BINARY_SNAPSHOT_FORMAT,
    as_of: header.asOf,
    version: header.version,
    count: columns.count,
    sections: sections.map((section) => section.header),
  };
  const headBytes = Buffer.from(JSON.stringify(head), 'utf8');
  const prefix = Buffer.alloc(12);
  prefix.write(BINARY_SNAPSHOT_MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(BINARY_SNAPSHOT_FORMAT, 4);
  prefix.writeUInt32LE(headBytes.length, 8);
  return Buffer.concat([prefix, headBytes, ...sections.map((section) => section.bytes)]);
};

export const isBinarySnapshot = (bytes: Buffer): boolean =>
  bytes.length >= 12 && bytes.toString('latin1', 0, 4) === BINARY_SNAPSHOT_MAGIC;

/** The sections of a binary snapshot by name, each a view of `bytes` (nothing copied yet). */
const readSections = (bytes: Buffer) => {
  const format = bytes.readUInt32LE(4);
  if (format !== BINARY_SNAPSHOT_FORMAT) throw new BinarySnapshotError(`format ${format}`);
  const headLength = bytes.readUInt32LE(8);
  let head: BinaryHeader;
  try {
    head = JSON.parse(bytes.toString('utf8', 12, 12 + headLength)) as BinaryHeader;
  } catch {
    throw new BinarySnapshotError('header');
  }
  if (
    typeof head.as_of !== 'string' ||
    Number.isNaN(Date.parse(head.as_of)) ||
    !Number.isInteger(head.count) ||
    head.count < 0 ||
    !Array.isArray(head.sections)
  ) {
    throw new BinarySnapshotError('header');
  }
  const sections = new Map<string, { kind: Kind; start: number; end: number }>();
  let at = 12 + headLength;
  for (const { name, kind, bytes: length } of head.sections) {
    if (!Number.isInteger(length) || length < 0) throw new BinarySnapshotError(`section ${name}`);
    sections.set(name, { kind, start: at, end: at + length });
    at += length;
  }
  if (at !== bytes.length) throw new BinarySnapshotError('length');
  return { head, sections };
};

const CONSTRUCTORS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array };

/** `rows` when each of `0 … rows.length - 1` is in it once. */
const checkedPermutation = (name: string, rows: Uint32Array): Uint32Array => {
  const seen = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    if (row >= rows.length || seen[row] === 1) throw new BinarySnapshotError(`section ${name}`);
    seen[row] = 1;
  }
  return rows;
};

/** Reads the sections of one snapshot, checking each one's kind and size. */
const sectionReader = (bytes: Buffer, sections: ReturnType<typeof readSections>['sections']) => {
  const section = (name: string) => {
    const found = sections.get(name);
    if (!found) throw new BinarySnapshotError(`no section ${name}`);
    return found;
  };
  /** A copy in its own aligned buffer, so the decompressed bytes can be freed. */
  const numbers = <K extends NumberKind | 'u8'>(name: string, kind: K, length?: number) => {
    const { kind: stored, start, end } = section(name);
    const Typed = CONSTRUCTORS[kind];
    const size = (end - start) / Typed.BYTES_PER_ELEMENT;
    if (stored !== kind || !Number.isInteger(size) || (length !== undefined && size !== length)) {
      throw new BinarySnapshotError(`section ${name}`);
    }
    const array = new Typed(size);
    bytesOf(array).set(bytes.subarray(start, end));
    return array as InstanceType<(typeof CONSTRUCTORS)[K]>;
  };
  /** The bytes of a section of `length` u32 lengths, checked, not copied. */
  const lengthBytes = (name: string, length: number): Uint8Array => {
    const { kind, start, end } = section(name);
    if (kind !== 'u32' || end - start !== length * 4)
      throw new BinarySnapshotError(`section ${name}`);
    return bytes.subarray(start, end);
  };
  /** A text column's run (one string) and where each value starts, one more than values. */
  const lazyText = (name: string, length: number) => {
    const starts = startsOf(lengthBytes(`${name}.lengths`, length));
    const { kind, start, end } = section(`${name}.text`);
    if (kind !== 'utf8' && kind !== 'utf16le') throw new BinarySnapshotError(`section ${name}`);
    const run = bytes.toString(kind, start, end);
    if (starts[length] !== run.length) throw new BinarySnapshotError(`lengths of ${name}`);
    return { run, starts };
  };
  /** Every value made now, each a slice of the run. */
  const text = (name: string, length: number): string[] => {
    const { run, starts } = lazyText(name, length);
    const values = new Array<string>(length);
    for (let i = 0; i < length; i += 1) values[i] = run.slice(starts[i], starts[i + 1]);
    return values;
  };
  /** Each value made when read (catalog-columns.ts, TextRun). */
  const lazy = (name: string, length: number): TextRun => {
    const { run, starts } = lazyText(name, length);
    return TextRun.of(run, starts);
  };
  const nullable = (name: string, length: number): TextRun<string | null> => {
    const { run, starts } = lazyText(name, length);
    return TextRun.of<string | null>(run, starts, numbers(`${name}.present`, 'u8', length));
  };
  /** Positions into a table of `size` strings. */
  const positions = (name: string, length: number | undefined, size: number) => {
    const values = numbers(name, 'u32', length);
    // An indexed loop: a first run of `for … of` over a typed array is many times slower.
    for (let i = 0; i < values.length; i += 1) {
      if (values[i]! >= size) throw new BinarySnapshotError(`string ${values[i]}`);
    }
    return values;
  };
  /** A permutation of `0 … count - 1`: each row once. */
  const permutation = (name: string, count: number) =>
    checkedPermutation(name, numbers(name, 'u32', count));
  /** The offsets of a list column, from its stored lengths. */
  const starts = (name: string, length: number) => startsOf(lengthBytes(name, length));
  /** `count` numbers stored as varints (`varintsOf`). */
  const varints = (name: string, count: number): Uint32Array => {
    const { kind, start, end } = section(name);
    if (kind !== 'u8') throw new BinarySnapshotError(`section ${name}`);
    const values = numbersOfVarints(bytes.subarray(start, end), count);
    if (values === null) throw new BinarySnapshotError(`section ${name}`);
    return values;
  };
  const entries = (name: string) => {
    const { start, end } = section(`${name}.lengths`);
    return (end - start) / 4;
  };
  return {
    numbers,
    text,
    lazy,
    nullable,
    positions,
    starts,
    entries,
    varints,
    permutation,
  };
};

/**
 * Reads a binary snapshot (after gunzip) into columns. Checks every section's presence and size,
 * that lengths add up to their run's length, and that dictionary positions are in the
 * string table; trusts the values themselves, as the JSON format's reader did.
 */
export const decodeBinarySnapshot = (
  bytes: Buffer,
): {
  asOf: string;
  version: number;
  columns: CatalogColumns;
  search: StoredSearch | null;
  /** The sort orders, when the snapshot carries them. */
  orders: Record<SortOption, Uint32Array> | null;
} => {
  const { head, sections } = readSections(bytes);
  const { count } = head;
  const read = sectionReader(bytes, sections);
  const strings = read.text('strings', read.entries('strings'));
  const code = (name: NumberColumn) => read.positions(name, count, strings.length);
  const techStart = read.starts('techStart', count);
  const previewStart = read.starts('previewStart', count);
  const columns: CatalogColumns = {
    count,
    strings,
    id: read.text('id', count),
    seller: code('seller'),
    title: read.lazy('title', count),
    slug: read.lazy('slug', count),
    tagline: read.lazy('tagline', count),
    category: code('category'),
    techStart,
    tech: read.positions('tech', techStart[count], strings.length),
    price: read.numbers('price', 'f64', count),
    accessTier: code('accessTier'),
    licence: code('licence'),
    rating: read.numbers('rating', 'f64', count),
    downloads: read.numbers('downloads', 'f64', count),
    previewStart,
    preview: read.lazy('preview', previewStart[count]!),
    renditions: read.numbers('renditions', 'u16', count),
    demoUrl: read.nullable('demoUrl', count),
    githubUrl: read.nullable('githubUrl', count),
    publishedAt: read.nullable('publishedAt', count),
    versionNumber: code('versionNumber'),
    securityBadge: sections.has('securityBadge')
      ? read.numbers('securityBadge', 'u8', count)
      : new Uint8Array(count),
    build: sections.has('build') ? read.numbers('build', 'u8', count) : new Uint8Array(count),
  };
  // Gaps as varints (`search.gapBytes`), or as u32 in a snapshot written before them.
  const hasSearch = sections.has('search.gapBytes') || sections.has('search.gaps');
  const searchCounts = hasSearch
    ? read.numbers('search.counts', 'u32', read.entries('search.terms'))
    : null;
  const search =
    searchCounts === null
      ? null
      : {
          terms: read.text('search.terms', read.entries('search.terms')),
          counts: searchCounts,
          gaps: sections.has('search.gapBytes')
            ? read.varints(
                'search.gapBytes',
                searchCounts.reduce((sum, n) => sum + n, 0),
              )
            : read.numbers('search.gaps', 'u32'),
          fields: read.numbers('search.fields', 'u8'),
        };
  const orders = SORT_OPTIONS.every((sort) => sections.has(`order.${sort}`))
    ? (Object.fromEntries(
        SORT_OPTIONS.map((sort) => [sort, read.permutation(`order.${sort}`, count)]),
      ) as Record<SortOption, Uint32Array>)
    : null;
  return { asOf: head.as_of, version: head.version, columns, search, orders };
};
