/**
 * The shared parts of the entity layer (entity.ts): index definitions, key types, the physical
 * field names, and the helpers the builders share.
 */
import { tableDesign } from '../../../contract/design/table-design';
import { ValidationError } from '../errors';

/** The key prefix of every partition key (ElectroDB's "service"). */
export const SERVICE = 'marketplace';

export type Attribute<Item> = keyof Item & string;
export type SecondaryIndexName = (typeof tableDesign.globalIndexes)[number]['indexName'];

/** One access path: the table's own key (no `index`) or a GSI. */
export interface IndexDefinition<Item> {
  readonly index?: SecondaryIndexName;
  readonly pk: readonly Attribute<Item>[];
  readonly sk: readonly Attribute<Item>[];
  /** Sparse by condition: the index keys exist only while this holds (evaluated on each write). */
  readonly condition?: (attributes: Partial<Item>) => boolean;
}

export interface EntityDefinition<Item> {
  /** The entity name in sort keys (rendered lower-case). */
  readonly entity: string;
  readonly version: string;
  /** Exactly one index without `index`: the table's own key. */
  readonly indexes: Readonly<Record<string, IndexDefinition<Item>>>;
  /** Values written by `create`/`put` when the item leaves them out. */
  readonly defaults?: Partial<Item>;
}

type PrimaryIndexOf<D> = {
  [K in keyof D]: D[K] extends { readonly index: string } ? never : D[K];
}[keyof D];
type CompositesOf<I, Part extends 'pk' | 'sk'> = I extends {
  readonly [P in Part]: readonly (infer A)[];
}
  ? A
  : never;

/** The primary key attributes of an item. */
export type KeyOf<Item, Indexes> = Pick<
  Item,
  Extract<
    CompositesOf<PrimaryIndexOf<Indexes>, 'pk'> | CompositesOf<PrimaryIndexOf<Indexes>, 'sk'>,
    keyof Item
  >
>;

/** What a query on index `I` is given: the partition composites, and sort composites from the left. */
export type QueryValues<Item, I> = Pick<Item, Extract<CompositesOf<I, 'pk'>, keyof Item>> &
  Partial<Pick<Item, Extract<CompositesOf<I, 'sk'>, keyof Item>>>;

export type NumericAttributes<Item> = {
  [K in keyof Item]-?: NonNullable<Item[K]> extends number ? K : never;
}[keyof Item];

export const PHYSICAL_FIELDS = new Set<string>([
  tableDesign.partitionKey,
  tableDesign.sortKey,
  ...tableDesign.globalIndexes.flatMap((gsi) => [gsi.partitionKey, gsi.sortKey]),
]);

/** Thrown for a cursor that is not one this layer issued for the same index. */
export class InvalidCursorError extends ValidationError {
  constructor() {
    super('The cursor is malformed.', { cursor: 'The cursor is malformed.' });
  }
}

/** True for the SDK's ConditionalCheckFailedException (a single write's condition was false). */
export const isConditionFailure = (error: unknown): boolean =>
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/**
 * Sends a conditional write: true when it was written, false when its condition refused it
 * (another write came first, or the item is no longer as expected); any other failure is thrown.
 */
export const writtenUnlessRefused = async (write: { go(): Promise<unknown> }): Promise<boolean> => {
  try {
    await write.go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export const fieldsOf = (definition: { readonly index?: SecondaryIndexName }) => {
  if (!definition.index) return { pk: tableDesign.partitionKey, sk: tableDesign.sortKey };
  const gsi = tableDesign.globalIndexes.find((index) => index.indexName === definition.index);
  if (!gsi) throw new Error(`Unknown index ${definition.index}`);
  return { pk: gsi.partitionKey, sk: gsi.sortKey };
};

export const stripPhysical = <Item>(stored: Record<string, unknown>): Item => {
  const item: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (!PHYSICAL_FIELDS.has(name)) item[name] = value;
  }
  return item as Item;
};

export const encodeCursor = (lastKey: Record<string, unknown> | undefined): string | null =>
  lastKey ? Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url') : null;

/** A cursor back to the exclusive start key, checked to hold only this index's string key fields. */
export const decodeCursor = (
  cursor: string,
  allowed: ReadonlySet<string>,
): Record<string, string> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch (_error) {
    throw new InvalidCursorError();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidCursorError();
  }
  const entries = Object.entries(parsed);
  if (
    entries.length === 0 ||
    entries.some(([name, value]) => !allowed.has(name) || typeof value !== 'string')
  ) {
    throw new InvalidCursorError();
  }
  return parsed as Record<string, string>;
};

export interface QueryOptions<Item> {
  order?: 'asc' | 'desc';
  /** How many items to return in all (pages are read until there are this many or no more). */
  limit?: number;
  /** Read every page (with `limit`, until `limit` items). Default: one page. */
  pages?: 'all';
  cursor?: string | null;
  attributes?: readonly Attribute<Item>[];
  /** Strongly consistent (table queries only; GSIs are always eventually consistent). */
  consistent?: boolean;
  /** Gives up (an `AbortError`, never retried) when this signal fires: a per-call time budget. */
  abortSignal?: AbortSignal;
}

export interface QueryResult<Item> {
  data: Item[];
  /** Pass back as `cursor` for the next page; `null` at the end. */
  cursor: string | null;
}
