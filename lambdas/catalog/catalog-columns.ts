/**
 * The approved catalog of one container as columns: one array per field instead of one object per
 * template (docs/data-model.md, section 5, "Memory").
 *
 * Why: at 100,000 templates, one object per template (17 fields, two small arrays, a search string)
 * cost about 2.5 KB of memory each with the transient copies of a load, and every request tested
 * every object. Here numbers sit in typed arrays (8 bytes each, no object), the fields with few
 * distinct values (seller, category, technologies, tier, licence, version number) are positions
 * in one string table, and the two lists (technologies, preview images) are flat with an offset
 * column. A card is made into a {@link CatalogRecord} only for the page that shows it.
 */
import { BUILD_OUTCOMES, BUILD_PACKAGE_MANAGERS } from '../../contract/design/build';
import type {
  AccessTier,
  CardBuild,
  LicensingTerms,
  SecurityBadge,
  TemplateCategory,
  TemplateSummary,
} from '../../contract/catalog';

/**
 * The fields of an approved template that browse filters, sorts or shows on a card: the card's
 * own (contract/catalog.ts), with the seller's id and the previews as stored keys instead of the
 * seller's summary and URLs.
 */
export type CatalogRecord = Pick<
  TemplateSummary,
  | 'id'
  | 'title'
  | 'slug'
  | 'tagline'
  | 'category'
  | 'tech_stack'
  | 'price'
  | 'access_tier'
  | 'licensing_terms'
  | 'average_rating'
  | 'download_count'
  | 'demo_url'
  | 'github_url'
  | 'published_at'
  | 'version_number'
  | 'security_badge'
  | 'build'
> & {
  seller_id: string;
  preview_image_keys: string[];
  /** The preview keys that have WebP renditions (absent for none). */
  preview_rendition_keys?: string[];
  /**
   * For the search index only (catalog-search.ts), never kept in the columns: the description and
   * the seller's public name, when the reader has them (the snapshot holds their indexed terms).
   */
  description?: string;
  seller_name?: string;
};

/**
 * A column of text: an array (a catalog built from records), or a {@link TextRun} (one read from
 * the snapshot). Read with `at` and `slice`, which both have.
 */
export interface TextColumn<T extends string | null = string> {
  readonly length: number;
  at(row: number): T | undefined;
  slice(from?: number, to?: number): T[];
}

/** In a {@link TextRun}'s `starts`: the value is null, or one of `extra`. */
const NULL_VALUE = 0xffff_ffff;
const EXTRA_VALUE = 0xffff_fffe;

/**
 * A text column as the snapshot stores it: one string holding the values one after another, and
 * where each starts and ends. A value is made only when asked (a page's cards, a search's first
 * ranks): at 100,000 templates a new container made some 900,000 strings of the snapshot's text
 * columns before its first answer, most of which no request ever reads (docs/architecture.md,
 * "Search"). A change keeps the run and copies the kept rows' positions; the values it adds are
 * `extra`.
 */
export class TextRun<T extends string | null = string> implements TextColumn<T> {
  constructor(
    /** The snapshot's values, one after another. */
    readonly run: string,
    /** Where row i's value starts in `run`; NULL_VALUE or EXTRA_VALUE for none there. */
    readonly starts: Uint32Array,
    /** Where it ends; for EXTRA_VALUE, its position in `extra`. */
    readonly ends: Uint32Array,
    readonly extra: readonly T[] = [],
  ) {}

  /** A column of `offsets.length - 1` values, value i from `offsets[i]` to `offsets[i + 1]`. */
  static of<T extends string | null = string>(
    run: string,
    offsets: Uint32Array,
    /** 0 where the value is null (null: none is). */
    present: Uint8Array | null = null,
  ): TextRun<T> {
    const count = offsets.length - 1;
    const starts = present === null ? offsets.subarray(0, count) : offsets.slice(0, count);
    if (present !== null) {
      for (let i = 0; i < count; i += 1) if (present[i] === 0) starts[i] = NULL_VALUE;
    }
    return new TextRun<T>(run, starts, offsets.subarray(1));
  }

  get length(): number {
    return this.starts.length;
  }

  at(i: number): T {
    const start = this.starts[i]!;
    if (start >= EXTRA_VALUE)
      return start === NULL_VALUE ? (null as T) : this.extra[this.ends[i]!]!;
    return this.run.slice(start, this.ends[i]) as T;
  }

  slice(from = 0, to = this.length): T[] {
    const values: T[] = [];
    for (let i = from; i < Math.min(to, this.length); i += 1) values.push(this.at(i));
    return values;
  }
}

/** Row numbers are positions in every column; dictionary columns hold positions in `strings`. */
export interface CatalogColumns {
  readonly count: number;
  /** The string table of the dictionary columns. */
  readonly strings: readonly string[];
  readonly id: readonly string[];
  readonly seller: Uint32Array;
  readonly title: TextColumn;
  readonly slug: TextColumn;
  readonly tagline: TextColumn;
  readonly category: Uint32Array;
  /** Row r's technologies are `tech[techStart[r]]` up to `tech[techStart[r + 1]]`, in order. */
  readonly techStart: Uint32Array;
  readonly tech: Uint32Array;
  /** NaN for no price (free and subscription templates); a stored price is never NaN. */
  readonly price: Float64Array;
  readonly accessTier: Uint32Array;
  readonly licence: Uint32Array;
  readonly rating: Float64Array;
  readonly downloads: Float64Array;
  /** Row r's preview image keys are `preview[previewStart[r]]` up to `previewStart[r + 1]`. */
  readonly previewStart: Uint32Array;
  readonly preview: TextColumn;
  /** Bit i of row r set: the row's preview i has renditions (at most 16 previews a template). */
  readonly renditions: Uint16Array;
  readonly demoUrl: TextColumn<string | null>;
  readonly githubUrl: TextColumn<string | null>;
  readonly publishedAt: TextColumn<string | null>;
  readonly versionNumber: Uint32Array;
  /** The card's security badge as a code of {@link BADGE_CODES} (0: none). */
  readonly securityBadge: Uint8Array;
  /** The card's build badge as a {@link buildCode} (0: no build yet). */
  readonly build: Uint8Array;
}

/** Position = code of the `securityBadge` column; 0 is no badge. */
export const BADGE_CODES: readonly (SecurityBadge | null)[] = [null, 'critical', 'high'];
export const badgeCode = (badge: SecurityBadge | null | undefined): number =>
  Math.max(0, BADGE_CODES.indexOf(badge ?? null));

/**
 * The live version's build in one byte: its outcome (1 built, 2 failed, 3 not built; 0 none yet)
 * plus 4 × its package manager (1 + its place in BUILD_PACKAGE_MANAGERS; 0 none). At 100,000
 * templates the column is 100 KB in memory and a few KB gzipped in the snapshot.
 */
export const buildCode = (build: CardBuild | null | undefined): number => {
  if (!build) return 0;
  const outcome = BUILD_OUTCOMES.indexOf(build.outcome) + 1;
  if (outcome === 0) return 0;
  const manager = build.package_manager
    ? BUILD_PACKAGE_MANAGERS.indexOf(build.package_manager) + 1
    : 0;
  return outcome + 4 * manager;
};

/** The card's build of a {@link buildCode}; null for 0 or a code this reader does not know. */
export const buildOfCode = (code: number): CardBuild | null => {
  const outcome = BUILD_OUTCOMES[(code & 3) - 1];
  const manager = code >> 2;
  if (!outcome || manager > BUILD_PACKAGE_MANAGERS.length) return null;
  return { outcome, package_manager: manager === 0 ? null : BUILD_PACKAGE_MANAGERS[manager - 1]! };
};

/** The bits of `renditionKeys` among `previewKeys`, by position (see `renditions`). */
export const renditionMaskOf = (
  previewKeys: readonly string[],
  renditionKeys: readonly string[] | undefined,
): number => {
  if (!renditionKeys?.length) return 0;
  let mask = 0;
  for (let index = 0; index < previewKeys.length && index < 16; index += 1) {
    if (renditionKeys.includes(previewKeys[index]!)) mask |= 1 << index;
  }
  return mask;
};

/** The preview keys of a row whose bit is set in `mask`, as a record carries them. */
const renditionKeysOf = (previewKeys: readonly string[], mask: number) =>
  mask === 0
    ? {}
    : { preview_rendition_keys: previewKeys.filter((_key, index) => (mask & (1 << index)) !== 0) };

/** Row `row` as the record a card is made from (new arrays: callers may keep or change them). */
export const recordAt = (columns: CatalogColumns, row: number): CatalogRecord => {
  const { strings } = columns;
  const tech = columns.tech.subarray(columns.techStart[row], columns.techStart[row + 1]);
  const price = columns.price[row]!;
  const previewKeys = columns.preview.slice(
    columns.previewStart[row],
    columns.previewStart[row + 1],
  );
  return {
    id: columns.id[row]!,
    seller_id: strings[columns.seller[row]!]!,
    title: columns.title.at(row)!,
    slug: columns.slug.at(row)!,
    tagline: columns.tagline.at(row)!,
    category: strings[columns.category[row]!] as TemplateCategory,
    tech_stack: Array.from(tech, (position) => strings[position]!),
    price: Number.isNaN(price) ? null : price,
    access_tier: strings[columns.accessTier[row]!] as AccessTier,
    licensing_terms: strings[columns.licence[row]!] as LicensingTerms,
    average_rating: columns.rating[row]!,
    download_count: columns.downloads[row]!,
    preview_image_keys: previewKeys,
    ...renditionKeysOf(previewKeys, columns.renditions[row]!),
    demo_url: columns.demoUrl.at(row) ?? null,
    github_url: columns.githubUrl.at(row) ?? null,
    published_at: columns.publishedAt.at(row) ?? null,
    version_number: strings[columns.versionNumber[row]!]!,
    security_badge: BADGE_CODES[columns.securityBadge[row]!] ?? null,
    build: buildOfCode(columns.build[row]!),
  };
};

/** Appends rows one at a time; `finish` hands over the columns. */
export class ColumnsBuilder {
  private readonly strings: string[];
  private readonly positions: Map<string, number>;
  private count = 0;
  private readonly id: string[] = [];
  private readonly title: string[] = [];
  private readonly slug: string[] = [];
  private readonly tagline: string[] = [];
  private readonly tech: number[] = [];
  private readonly techStart: number[] = [0];
  private readonly preview: string[] = [];
  private readonly previewStart: number[] = [0];
  private readonly renditions: number[] = [];
  private readonly demoUrl: (string | null)[] = [];
  private readonly githubUrl: (string | null)[] = [];
  private readonly publishedAt: (string | null)[] = [];
  private readonly securityBadge: number[] = [];
  private readonly build: number[] = [];
  private readonly numbers: { price: number[]; rating: number[]; downloads: number[] } = {
    price: [],
    rating: [],
    downloads: [],
  };
  private readonly codes: Record<
    'seller' | 'category' | 'accessTier' | 'licence' | 'versionNumber',
    number[]
  > = { seller: [], category: [], accessTier: [], licence: [], versionNumber: [] };

  /** Starts from the string table of `base` (its positions stay valid in the new columns). */
  constructor(base?: CatalogColumns) {
    this.strings = base ? [...base.strings] : [];
    this.positions = new Map(this.strings.map((value, position) => [value, position]));
  }

  private intern(value: string): number {
    let position = this.positions.get(value);
    if (position === undefined) {
      position = this.strings.length;
      this.strings.push(value);
      this.positions.set(value, position);
    }
    return position;
  }

  push(record: CatalogRecord): void {
    this.count += 1;
    this.id.push(record.id);
    this.title.push(record.title);
    this.slug.push(record.slug);
    this.tagline.push(record.tagline);
    for (const tech of record.tech_stack) this.tech.push(this.intern(tech));
    this.techStart.push(this.tech.length);
    this.preview.push(...record.preview_image_keys);
    this.previewStart.push(this.preview.length);
    this.renditions.push(renditionMaskOf(record.preview_image_keys, record.preview_rendition_keys));
    this.demoUrl.push(record.demo_url ?? null);
    this.githubUrl.push(record.github_url ?? null);
    this.publishedAt.push(record.published_at ?? null);
    this.securityBadge.push(badgeCode(record.security_badge));
    this.build.push(buildCode(record.build));
    this.numbers.price.push(record.price ?? Number.NaN);
    this.numbers.rating.push(record.average_rating);
    this.numbers.downloads.push(record.download_count);
    this.codes.seller.push(this.intern(record.seller_id));
    this.codes.category.push(this.intern(record.category));
    this.codes.accessTier.push(this.intern(record.access_tier));
    this.codes.licence.push(this.intern(record.licensing_terms));
    this.codes.versionNumber.push(this.intern(record.version_number));
  }

  finish(): CatalogColumns {
    return {
      count: this.count,
      strings: this.strings,
      id: this.id,
      seller: Uint32Array.from(this.codes.seller),
      title: this.title,
      slug: this.slug,
      tagline: this.tagline,
      category: Uint32Array.from(this.codes.category),
      techStart: Uint32Array.from(this.techStart),
      tech: Uint32Array.from(this.tech),
      price: Float64Array.from(this.numbers.price),
      accessTier: Uint32Array.from(this.codes.accessTier),
      licence: Uint32Array.from(this.codes.licence),
      rating: Float64Array.from(this.numbers.rating),
      downloads: Float64Array.from(this.numbers.downloads),
      previewStart: Uint32Array.from(this.previewStart),
      preview: this.preview,
      renditions: Uint16Array.from(this.renditions),
      demoUrl: this.demoUrl,
      githubUrl: this.githubUrl,
      publishedAt: this.publishedAt,
      versionNumber: Uint32Array.from(this.codes.versionNumber),
      securityBadge: Uint8Array.from(this.securityBadge),
      build: Uint8Array.from(this.build),
    };
  }
}

export const columnsFromRecords = (records: readonly CatalogRecord[]): CatalogColumns => {
  const builder = new ColumnsBuilder();
  for (const record of records) builder.push(record);
  return builder.finish();
};

type TypedColumn = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/**
 * Ascending rows as runs of consecutive ones, `[from, to)` pairs: a change removes few rows, so
 * each column is copied in a few blocks rather than row by row.
 */
const runsOf = (rows: Uint32Array): number[] => {
  const runs: number[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i + 1;
    while (j < rows.length && rows[j] === rows[j - 1]! + 1) j += 1;
    runs.push(rows[i]!, rows[j - 1]! + 1);
    i = j;
  }
  return runs;
};

/** The runs of `from` one after another, then `rest`, into `into`. */
const copyRuns = <C extends TypedColumn>(runs: number[], from: C, rest: C, into: C): C => {
  let at = 0;
  for (let r = 0; r < runs.length; r += 2) {
    into.set(from.subarray(runs[r]!, runs[r + 1]!) as never, at);
    at += runs[r + 1]! - runs[r]!;
  }
  into.set(rest as never, at);
  return into;
};

/**
 * The values of `from` in the runs `runs` (`[from, to)` pairs of value positions), then `rest`:
 * a {@link TextRun} stays one (its run shared, the kept positions copied in blocks, `rest` added
 * to its extra values: no value made); an array stays an array.
 */
const keepText = <T extends string | null>(
  from: TextColumn<T>,
  runs: number[],
  rest: readonly T[],
): TextColumn<T> => {
  if (!(from instanceof TextRun)) {
    const parts: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) parts.push(from.slice(runs[r]!, runs[r + 1]!));
    return ([] as T[]).concat(...parts, rest);
  }
  const extra = from.extra.concat(rest);
  const restStarts = Uint32Array.from(rest, (value) => (value === null ? NULL_VALUE : EXTRA_VALUE));
  const restEnds = Uint32Array.from(rest, (_, j) => from.extra.length + j);
  let kept = 0;
  for (let r = 0; r < runs.length; r += 2) kept += runs[r + 1]! - runs[r]!;
  const count = kept + rest.length;
  return new TextRun<T>(
    from.run,
    copyRuns(runs, from.starts, restStarts, new Uint32Array(count)),
    copyRuns(runs, from.ends, restEnds, new Uint32Array(count)),
    extra,
  );
};

/**
 * The rows `keep` of `old` (in that order), then `added`: one pass of typed-array and pointer
 * copies, no object per row. A list column (technologies, preview images) is copied with its
 * offsets shifted.
 */
export const keepAndAppend = (
  old: CatalogColumns,
  keep: Uint32Array,
  added: readonly CatalogRecord[],
): CatalogColumns => {
  const builder = new ColumnsBuilder(old);
  for (const record of added) builder.push(record);
  // Its string table extends the old one, so the old positions hold in it.
  const tail = builder.finish();
  const kept = keep.length;
  const count = kept + tail.count;
  const runs = runsOf(keep);
  const pick = <C extends TypedColumn>(from: C, rest: C, into: C): C =>
    copyRuns(runs, from, rest, into);
  const strings = <T extends string | null>(from: TextColumn<T>, rest: readonly T[]) =>
    keepText(from, runs, rest);
  /** A list column's offsets for the kept rows and then the added ones. */
  const listStarts = (starts: Uint32Array, restStarts: Uint32Array): Uint32Array => {
    const newStarts = new Uint32Array(count + 1);
    for (let i = 0; i < kept; i += 1) {
      newStarts[i + 1] = newStarts[i]! + starts[keep[i]! + 1]! - starts[keep[i]!]!;
    }
    for (let j = 0; j < tail.count; j += 1) {
      newStarts[kept + j + 1] = newStarts[kept + j]! + restStarts[j + 1]! - restStarts[j]!;
    }
    return newStarts;
  };
  // A run's values are one block of the list's values.
  const techStart = listStarts(old.techStart, tail.techStart);
  // A run of rows is a run of its list's values.
  const valueRuns = (starts: Uint32Array) => runs.map((row) => starts[row]!);
  const tech = copyRuns(
    valueRuns(old.techStart),
    old.tech,
    tail.tech,
    new Uint32Array(techStart[count]!),
  );
  const previewStart = listStarts(old.previewStart, tail.previewStart);
  const preview = keepText(old.preview, valueRuns(old.previewStart), tail.preview as string[]);
  return {
    count,
    strings: tail.strings,
    id: keepText(old.id, runs, tail.id) as string[],
    seller: pick(old.seller, tail.seller, new Uint32Array(count)),
    title: strings(old.title, tail.title as string[]),
    slug: strings(old.slug, tail.slug as string[]),
    tagline: strings(old.tagline, tail.tagline as string[]),
    category: pick(old.category, tail.category, new Uint32Array(count)),
    techStart,
    tech,
    price: pick(old.price, tail.price, new Float64Array(count)),
    accessTier: pick(old.accessTier, tail.accessTier, new Uint32Array(count)),
    licence: pick(old.licence, tail.licence, new Uint32Array(count)),
    rating: pick(old.rating, tail.rating, new Float64Array(count)),
    downloads: pick(old.downloads, tail.downloads, new Float64Array(count)),
    previewStart,
    preview,
    renditions: pick(old.renditions, tail.renditions, new Uint16Array(count)),
    demoUrl: strings(old.demoUrl, tail.demoUrl as (string | null)[]),
    githubUrl: strings(old.githubUrl, tail.githubUrl as (string | null)[]),
    publishedAt: strings(old.publishedAt, tail.publishedAt as (string | null)[]),
    versionNumber: pick(old.versionNumber, tail.versionNumber, new Uint32Array(count)),
    securityBadge: pick(old.securityBadge, tail.securityBadge, new Uint8Array(count)),
    build: pick(old.build, tail.build, new Uint8Array(count)),
  };
};
