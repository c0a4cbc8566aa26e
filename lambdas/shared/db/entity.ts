/**
 * The data-access layer's one building block: a typed entity on the single table.
 *
 * Why not ElectroDB any more: it is about 220 KB of minified CommonJS that every Lambda loaded
 * and parsed on a cold start (a third of the import time; issue 8). This module keeps the parts we
 * used (key rendering, sparse and conditional indexes, builders for the writes, named
 * transactions) in a few hundred lines over the AWS SDK's DocumentClient, and keeps ElectroDB's
 * key format so docs/data-model.md still describes the table exactly:
 *
 *   partition key  `$marketplace#<attr>_<value>[#<attr>_<value>…]`   (`$marketplace` with none)
 *   sort key       `$<entity>_<version>[#<attr>_<value>…]`
 *   every rendered key is lower-cased; attributes keep their case.
 *
 * Rules the builders enforce (docs/data-model.md §1.1):
 * - `create` puts with `attribute_not_exists`; `put` replaces; `update`/`upsert` write without an
 *   existence condition; `patch` requires the item to exist. Never `put` a counter-bearing item.
 * - A secondary index's keys are written when all of its composite attributes are known (sparse by
 *   absence); an index with a `condition` is re-evaluated on every write from the attributes that
 *   write is given (sparse by condition), so writes to such entities must pass what it reads.
 * - Reads return the item's attributes without the physical key fields.
 *
 * Nothing happens at import: the table name and the client are looked up at the first request.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { tableDesign } from '../design/table-design';
import { ValidationError } from '../errors';
import { documentClient, tableName } from './client';
import { ExpressionContext, allOf, type WhereCallback } from './expression';

/** The key prefix of every partition key (ElectroDB's "service"). */
export const SERVICE = 'marketplace';

type Attribute<Item> = keyof Item & string;
type SecondaryIndexName = (typeof tableDesign.globalIndexes)[number]['indexName'];

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

type NumericAttributes<Item> = {
  [K in keyof Item]-?: NonNullable<Item[K]> extends number ? K : never;
}[keyof Item];

const PHYSICAL_FIELDS = new Set<string>([
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

const fieldsOf = (definition: { readonly index?: SecondaryIndexName }) => {
  if (!definition.index) return { pk: tableDesign.partitionKey, sk: tableDesign.sortKey };
  const gsi = tableDesign.globalIndexes.find((index) => index.indexName === definition.index);
  if (!gsi) throw new Error(`Unknown index ${definition.index}`);
  return { pk: gsi.partitionKey, sk: gsi.sortKey };
};

const stripPhysical = <Item>(stored: Record<string, unknown>): Item => {
  const item: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (!PHYSICAL_FIELDS.has(name)) item[name] = value;
  }
  return item as Item;
};

const encodeCursor = (lastKey: Record<string, unknown> | undefined): string | null =>
  lastKey ? Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url') : null;

/** A cursor back to the exclusive start key, checked to hold only this index's string key fields. */
const decodeCursor = (cursor: string, allowed: ReadonlySet<string>): Record<string, string> => {
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

/** What `create` and `put` take: the item, where attributes with a default may be left out. */
export type NewItem<Item, Defaulted extends keyof Item> = Omit<Item, Defaulted> &
  Partial<Pick<Item, Defaulted>>;

/** A typed entity of the single table. Create one per entity file with {@link defineEntity}. */
export class Entity<
  Item extends object,
  Indexes extends Record<string, IndexDefinition<Item>>,
  Defaulted extends keyof Item = never,
> {
  readonly name: string;
  private readonly primary: IndexDefinition<Item>;
  private readonly secondary: readonly IndexDefinition<Item>[];

  /** `Entity.query.<indexName>(values)`: a query builder per named index. */
  readonly query: {
    [K in keyof Indexes]: (values: QueryValues<Item, Indexes[K]>) => QueryBuilder<Item>;
  };

  constructor(readonly definition: EntityDefinition<Item> & { indexes: Indexes }) {
    this.name = definition.entity;
    const all = Object.values(definition.indexes);
    const primaries = all.filter((index) => !index.index);
    if (primaries.length !== 1) {
      throw new Error(`Entity ${definition.entity} needs exactly one index without a GSI name`);
    }
    this.primary = primaries[0]!;
    this.secondary = all.filter((index) => index.index);
    this.query = Object.fromEntries(
      Object.entries(definition.indexes).map(([name, index]) => [
        name,
        (values: Partial<Item>) => new QueryBuilder<Item>(this as never, index, values),
      ]),
    ) as never;
  }

  // ---- keys -------------------------------------------------------------------------------

  /** The rendered partition key of `index` from `values` (every composite required). */
  partitionKey(index: IndexDefinition<Item>, values: Partial<Item>): string {
    const parts = index.pk.map((attribute) => {
      const value = values[attribute];
      if (value === undefined || value === null) {
        throw new Error(`${this.name}: ${attribute} is needed for its partition key`);
      }
      return `#${attribute}_${String(value)}`;
    });
    return `$${SERVICE}${parts.join('')}`.toLowerCase();
  }

  /**
   * The rendered sort key of `index`. `partial`: stop at the first missing composite (a prefix for
   * queries); otherwise every composite is required.
   */
  sortKey(index: IndexDefinition<Item>, values: Partial<Item>, partial = false): string {
    let key = `$${this.definition.entity}_${this.definition.version}`;
    for (const attribute of index.sk) {
      const value = values[attribute];
      if (value === undefined || value === null) {
        if (partial) break;
        throw new Error(`${this.name}: ${attribute} is needed for its sort key`);
      }
      key += `#${attribute}_${String(value)}`;
    }
    return key.toLowerCase();
  }

  /** The table key of an item (`{ pk, sk }`). */
  keyOf(values: Partial<Item>): Record<string, string> {
    return {
      [tableDesign.partitionKey]: this.partitionKey(this.primary, values),
      [tableDesign.sortKey]: this.sortKey(this.primary, values),
    };
  }

  /** Index fields of a whole item: every index whose composites are all present (and condition holds). */
  private indexFieldsOf(item: Partial<Item>): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const index of this.secondary) {
      if (index.condition && !index.condition(item)) continue;
      const complete = [...index.pk, ...index.sk].every(
        (attribute) => item[attribute] !== undefined && item[attribute] !== null,
      );
      if (!complete) continue;
      const names = fieldsOf(index);
      fields[names.pk] = this.partitionKey(index, item);
      fields[names.sk] = this.sortKey(index, item);
    }
    return fields;
  }

  /** The stored form of a whole item: defaults, the attributes, and every key field. */
  storedItem(item: NewItem<Item, Defaulted>): Record<string, unknown> {
    const full = { ...this.definition.defaults, ...item } as Item;
    return { ...full, ...this.keyOf(full), ...this.indexFieldsOf(full) };
  }

  /** Primary key composites of the entity. */
  get keyAttributes(): readonly Attribute<Item>[] {
    return [...this.primary.pk, ...this.primary.sk];
  }

  /** Secondary indexes, for update builders. */
  get secondaryIndexes(): readonly IndexDefinition<Item>[] {
    return this.secondary;
  }

  fieldsOf(index: IndexDefinition<Item>): { pk: string; sk: string } {
    return fieldsOf(index);
  }

  // ---- reads ------------------------------------------------------------------------------

  /** One item by its key, or `null`. */
  get(key: KeyOf<Item, Indexes>) {
    return {
      go: async (
        options: {
          consistent?: boolean;
          attributes?: readonly Attribute<Item>[];
          /** Gives up (an `AbortError`, never retried) when this signal fires. */
          abortSignal?: AbortSignal;
        } = {},
      ): Promise<{ data: Item | null }> => {
        const context = new ExpressionContext();
        const projection = options.attributes?.map((attribute) => context.name(attribute));
        const { Item: stored } = await documentClient().send(
          new GetCommand({
            TableName: tableName(),
            Key: this.keyOf(key as Partial<Item>),
            ...(options.consistent ? { ConsistentRead: true } : {}),
            ...(projection ? { ProjectionExpression: projection.join(', ') } : {}),
            ...context.toRequest(),
          }),
          options.abortSignal ? { abortSignal: options.abortSignal } : undefined,
        );
        return { data: stored ? stripPhysical<Item>(stored) : null };
      },
    };
  }

  /**
   * Many items by key (BatchGetItem in chunks of 100). Keys DynamoDB left unprocessed come back
   * in `unprocessed` for the caller's retry policy.
   */
  async batchGet(
    keys: readonly KeyOf<Item, Indexes>[],
    options: { attributes?: readonly Attribute<Item>[] } = {},
  ): Promise<{ data: Item[]; unprocessed: KeyOf<Item, Indexes>[] }> {
    const data: Item[] = [];
    const unprocessed: KeyOf<Item, Indexes>[] = [];
    const table = tableName();
    for (let start = 0; start < keys.length; start += 100) {
      const chunk = keys.slice(start, start + 100);
      const rendered = new Map(
        chunk.map((key) => {
          const physical = this.keyOf(key as Partial<Item>);
          return [`${physical.pk}\u0000${physical.sk}`, { key, physical }] as const;
        }),
      );
      const context = new ExpressionContext();
      // The key fields are projected too, to match unprocessed keys back to their input.
      const projection = options.attributes
        ? [...options.attributes, tableDesign.partitionKey, tableDesign.sortKey].map((name) =>
            context.name(name),
          )
        : undefined;
      const result = await documentClient().send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: [...rendered.values()].map((entry) => entry.physical),
              ...(projection ? { ProjectionExpression: projection.join(', ') } : {}),
              ...context.toRequest(),
            },
          },
        }),
      );
      for (const stored of result.Responses?.[table] ?? []) data.push(stripPhysical<Item>(stored));
      for (const physical of result.UnprocessedKeys?.[table]?.Keys ?? []) {
        const entry = rendered.get(`${physical.pk}\u0000${physical.sk}`);
        if (entry) unprocessed.push(entry.key);
      }
    }
    return { data, unprocessed };
  }

  // ---- writes -----------------------------------------------------------------------------

  /**
   * Puts many items (BatchWriteItem in chunks of 25, unprocessed items retried with backoff): for
   * seeding and bulk loads of new items only, since a put replaces whatever had the same key.
   */
  async batchPut(items: readonly NewItem<Item, Defaulted>[]): Promise<void> {
    const table = tableName();
    for (let start = 0; start < items.length; start += 25) {
      let requests = items
        .slice(start, start + 25)
        .map((item) => ({ PutRequest: { Item: this.storedItem(item) } }));
      for (let attempt = 0; requests.length > 0; attempt += 1) {
        if (attempt === 8)
          throw new Error(`${requests.length} ${this.name} items were not written`);
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
        const result = await documentClient().send(
          new BatchWriteCommand({ RequestItems: { [table]: requests } }),
        );
        requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }
  }

  /** Put a new item; refused (ConditionalCheckFailed) if one with its key exists. */
  create(item: NewItem<Item, Defaulted>): WriteBuilder<Item> {
    return new WriteBuilder<Item>(this as never, {
      kind: 'put',
      item: item as Item,
      mustNotExist: true,
    });
  }

  /** Put (replace) an item. */
  put(item: NewItem<Item, Defaulted>): WriteBuilder<Item> {
    return new WriteBuilder<Item>(this as never, {
      kind: 'put',
      item: item as Item,
      mustNotExist: false,
    });
  }

  /** Update or create: `attributes` holds the key and any attributes to set. */
  upsert(attributes: KeyOf<Item, Indexes> & Partial<Item>): WriteBuilder<Item> {
    return new WriteBuilder<Item>(this as never, {
      kind: 'update',
      attributes: attributes as Partial<Item>,
      mustExist: false,
    });
  }

  /** Update or create by key; chain `set`, `add`, `remove`, `where`. */
  update(key: KeyOf<Item, Indexes>): WriteBuilder<Item> {
    return this.upsert(key as KeyOf<Item, Indexes> & Partial<Item>);
  }

  /** Update an existing item (refused with ConditionalCheckFailed if it does not exist). */
  patch(key: KeyOf<Item, Indexes>): WriteBuilder<Item> {
    return new WriteBuilder<Item>(this as never, {
      kind: 'update',
      attributes: key as Partial<Item>,
      mustExist: true,
    });
  }

  /** Delete by key (no error when absent, unless a `where` says otherwise). */
  delete(key: KeyOf<Item, Indexes>): WriteBuilder<Item> {
    return new WriteBuilder<Item>(this as never, { kind: 'delete', key: key as Partial<Item> });
  }

  /** A transaction item that only checks a condition on an item (chain `where`). */
  check(key: KeyOf<Item, Indexes>): WriteBuilder<Item> {
    return new WriteBuilder<Item>(this as never, { kind: 'check', key: key as Partial<Item> });
  }
}

/** Declares an entity: `defineEntity<ProfileItem>()({ entity, version, indexes })`. */
export const defineEntity =
  <Item extends object>() =>
  <
    const Indexes extends Record<string, IndexDefinition<Item>>,
    const Defaults extends Partial<Item> = Record<never, never>,
  >(
    definition: EntityDefinition<Item> & { indexes: Indexes; defaults?: Defaults },
  ): Entity<Item, Indexes, keyof Defaults & keyof Item> =>
    new Entity<Item, Indexes, keyof Defaults & keyof Item>(definition);

/** A built query; `go` runs it. */
export class QueryBuilder<Item extends object> {
  private sortCondition: ((context: ExpressionContext, field: string) => string) | undefined;
  private filter: WhereCallback<Item> | undefined;

  constructor(
    private readonly entity: Entity<Item, Record<string, IndexDefinition<Item>>>,
    private readonly index: IndexDefinition<Item>,
    private readonly values: Partial<Item>,
  ) {}

  private prefix(extra: Partial<Item>): string {
    return this.entity.sortKey(this.index, { ...this.values, ...extra }, true);
  }

  /** Sort key starts with these (left-most) sort composites. */
  begins(values: Partial<Item>): this {
    this.sortCondition = (context, field) =>
      `begins_with(${context.name(field)}, ${context.value(this.prefix(values))})`;
    return this;
  }

  /** Sort key between two partial sort keys, inclusive (see docs/data-model.md §1.1 item 6). */
  between(low: Partial<Item>, high: Partial<Item>): this {
    this.sortCondition = (context, field) =>
      `${context.name(field)} BETWEEN ${context.value(this.prefix(low))} AND ${context.value(this.prefix(high))}`;
    return this;
  }

  private compare(operator: string, values: Partial<Item>): this {
    this.sortCondition = (context, field) =>
      `${context.name(field)} ${operator} ${context.value(this.prefix(values))}`;
    return this;
  }

  gt(values: Partial<Item>): this {
    return this.compare('>', values);
  }
  gte(values: Partial<Item>): this {
    return this.compare('>=', values);
  }
  lt(values: Partial<Item>): this {
    return this.compare('<', values);
  }
  lte(values: Partial<Item>): this {
    return this.compare('<=', values);
  }

  /** A filter on the items read (applied after the key condition; it does not save reads). */
  where(callback: WhereCallback<Item>): this {
    this.filter = callback;
    return this;
  }

  async go(options: QueryOptions<Item> = {}): Promise<QueryResult<Item>> {
    const fields = this.entity.fieldsOf(this.index);
    const context = new ExpressionContext();
    const pk = this.entity.partitionKey(this.index, this.values);
    // Without an explicit condition the sort key still starts with this entity's prefix, so a
    // query never returns another entity sharing the partition.
    const sortPart = this.sortCondition
      ? this.sortCondition(context, fields.sk)
      : `begins_with(${context.name(fields.sk)}, ${context.value(this.prefix({}))})`;
    const keyCondition = `${context.name(fields.pk)} = ${context.value(pk)} AND ${sortPart}`;
    const filter = this.filter ? context.condition(this.filter) : undefined;
    const projection = options.attributes?.map((attribute) => context.name(attribute));
    const allowedCursorFields = new Set([
      tableDesign.partitionKey,
      tableDesign.sortKey,
      fields.pk,
      fields.sk,
    ]);

    const data: Item[] = [];
    let startKey = options.cursor ? decodeCursor(options.cursor, allowedCursorFields) : undefined;
    let lastKey: Record<string, unknown> | undefined;
    for (;;) {
      const remaining = options.limit === undefined ? undefined : options.limit - data.length;
      const input: QueryCommandInput = {
        TableName: tableName(),
        ...(this.index.index ? { IndexName: this.index.index } : {}),
        KeyConditionExpression: keyCondition,
        ...(filter ? { FilterExpression: filter } : {}),
        ...(projection ? { ProjectionExpression: projection.join(', ') } : {}),
        ...context.toRequest(),
        ScanIndexForward: options.order !== 'desc',
        ...(remaining !== undefined ? { Limit: remaining } : {}),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        ...(options.consistent && !this.index.index ? { ConsistentRead: true } : {}),
      };
      const page = await documentClient().send(
        new QueryCommand(input),
        options.abortSignal ? { abortSignal: options.abortSignal } : undefined,
      );
      for (const stored of page.Items ?? []) data.push(stripPhysical<Item>(stored));
      lastKey = page.LastEvaluatedKey;
      const wantsMore =
        options.pages === 'all' || (options.limit !== undefined && data.length < options.limit);
      const full = options.limit !== undefined && data.length >= options.limit;
      if (!lastKey || full || !wantsMore) break;
      startKey = lastKey as Record<string, string>;
    }
    return { data, cursor: encodeCursor(lastKey) };
  }
}

type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

type WritePlan<Item> =
  | { kind: 'put'; item: Item; mustNotExist: boolean }
  | { kind: 'update'; attributes: Partial<Item>; mustExist: boolean }
  | { kind: 'delete'; key: Partial<Item> }
  | { kind: 'check'; key: Partial<Item> };

/** One write (or condition check) on one item: run it with `go`, or put it in a transaction. */
export class WriteBuilder<Item extends object> {
  private readonly sets: Partial<Item> = {};
  private readonly adds: Partial<Record<keyof Item, number>> = {};
  private readonly setIfAbsent: Partial<Item> = {};
  private readonly removes: (keyof Item & string)[] = [];
  private readonly conditions: WhereCallback<Item>[] = [];

  constructor(
    private readonly entity: Entity<Item, Record<string, IndexDefinition<Item>>>,
    private readonly plan: WritePlan<Item>,
  ) {
    if (plan.kind === 'update') {
      // Non-key attributes given to `upsert` are set like `set()` values.
      const keyNames = new Set<string>(entity.keyAttributes);
      for (const [name, value] of Object.entries(plan.attributes)) {
        if (!keyNames.has(name) && value !== undefined) {
          (this.sets as Record<string, unknown>)[name] = value;
        }
      }
    }
  }

  /** Attributes to set (`undefined` values are skipped). */
  set(values: Partial<Item>): this {
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined) (this.sets as Record<string, unknown>)[name] = value;
    }
    return this;
  }

  /** Atomic additions to numbers (negative to subtract); an absent attribute counts as 0. */
  add(values: Partial<Record<NumericAttributes<Item>, number>>): this {
    Object.assign(this.adds, values);
    return this;
  }

  /** Attributes set only when the item does not have them yet. */
  ifNotExists(values: Partial<Item>): this {
    Object.assign(this.setIfAbsent, values);
    return this;
  }

  /** Attributes to remove. */
  remove(names: readonly (keyof Item & string)[]): this {
    this.removes.push(...names);
    return this;
  }

  /** A condition (several are joined with AND). */
  where(callback: WhereCallback<Item>): this {
    this.conditions.push(callback);
    return this;
  }

  /** The request parameters (TableName, Key/Item, expressions). */
  params(): Record<string, unknown> {
    const context = new ExpressionContext();
    const table = tableName();
    const plan = this.plan;
    const userCondition = allOf(this.conditions.map((callback) => context.condition(callback)));

    if (plan.kind === 'put') {
      const existence = plan.mustNotExist
        ? `attribute_not_exists(${context.name(tableDesign.partitionKey)}) AND attribute_not_exists(${context.name(tableDesign.sortKey)})`
        : undefined;
      const condition = allOf([existence, userCondition]);
      return {
        TableName: table,
        Item: this.entity.storedItem(plan.item),
        ...(condition ? { ConditionExpression: condition } : {}),
        ...context.toRequest(),
      };
    }
    if (plan.kind === 'delete' || plan.kind === 'check') {
      return {
        TableName: table,
        Key: this.entity.keyOf(plan.key),
        ...(userCondition ? { ConditionExpression: userCondition } : {}),
        ...context.toRequest(),
      };
    }
    return this.updateParams(context, table, plan, userCondition);
  }

  private updateParams(
    context: ExpressionContext,
    table: string,
    plan: Extract<WritePlan<Item>, { kind: 'update' }>,
    userCondition: string | undefined,
  ): Record<string, unknown> {
    const key = Object.fromEntries(
      this.entity.keyAttributes.map((name) => [name, plan.attributes[name]]),
    ) as Partial<Item>;
    const keyNames = new Set<string>(this.entity.keyAttributes);
    for (const name of [...Object.keys(this.sets), ...Object.keys(this.adds), ...this.removes]) {
      if (keyNames.has(name)) throw new Error(`${this.entity.name}: ${name} is part of the key`);
    }
    const setParts: string[] = [];
    const removeParts: string[] = [];
    const addParts: string[] = [];
    const assign = (field: string, value: unknown) =>
      setParts.push(`${context.name(field)} = ${context.value(value)}`);

    // An upsert may create the item, so it stores the key attributes as attributes too.
    if (!plan.mustExist) for (const [name, value] of Object.entries(key)) assign(name, value);
    for (const [name, value] of Object.entries(this.sets)) assign(name, value);
    for (const [name, value] of Object.entries(this.setIfAbsent)) {
      if (value === undefined) continue;
      const field = context.name(name);
      setParts.push(`${field} = if_not_exists(${field}, ${context.value(value)})`);
    }
    for (const [name, value] of Object.entries(this.adds)) {
      addParts.push(`${context.name(name)} ${context.value(value)}`);
    }
    for (const name of this.removes) removeParts.push(context.name(name));
    this.indexWrites(plan, key, assign, (field) => removeParts.push(context.name(field)));

    const clauses = [
      setParts.length > 0 ? `SET ${setParts.join(', ')}` : '',
      addParts.length > 0 ? `ADD ${addParts.join(', ')}` : '',
      removeParts.length > 0 ? `REMOVE ${removeParts.join(', ')}` : '',
    ].filter(Boolean);
    const existence = plan.mustExist
      ? `attribute_exists(${context.name(tableDesign.partitionKey)}) AND attribute_exists(${context.name(tableDesign.sortKey)})`
      : undefined;
    const condition = allOf([existence, userCondition]);
    return {
      TableName: table,
      Key: this.entity.keyOf(key),
      ...(clauses.length > 0 ? { UpdateExpression: clauses.join(' ') } : {}),
      ...(condition ? { ConditionExpression: condition } : {}),
      ...context.toRequest(),
    };
  }

  /**
   * Secondary index keys of an update: recomputed for each key (partition or sort) one of whose
   * composites this write sets (an upsert also counts its key), written only when all of that
   * key's composites are known; a conditional index is evaluated on what this write is given.
   */
  private indexWrites(
    plan: Extract<WritePlan<Item>, { kind: 'update' }>,
    key: Partial<Item>,
    assign: (field: string, value: string) => void,
    remove: (field: string) => void,
  ): void {
    const known = { ...key, ...this.sets } as Partial<Item>;
    const given = new Set<string>(Object.keys(this.sets));
    if (!plan.mustExist) for (const name of Object.keys(key)) given.add(name);
    const present = (attribute: keyof Item) =>
      known[attribute] !== undefined && known[attribute] !== null;
    for (const index of this.entity.secondaryIndexes) {
      const fields = this.entity.fieldsOf(index);
      if (index.condition) {
        if (!index.condition(known)) {
          remove(fields.pk);
          remove(fields.sk);
          continue;
        }
        assign(fields.pk, this.entity.partitionKey(index, known));
        assign(fields.sk, this.entity.sortKey(index, known));
        continue;
      }
      const parts: ['pk' | 'sk', readonly (keyof Item & string)[]][] = [
        ['pk', index.pk],
        ['sk', index.sk],
      ];
      // A partition key without composites is written together with its sort key.
      const skTouched = index.sk.some((attribute) => given.has(attribute));
      for (const [part, composites] of parts) {
        const touchedBySet = composites.some((attribute) => Object.hasOwn(this.sets, attribute));
        const touched =
          composites.length === 0 ? skTouched : composites.some((name) => given.has(name));
        if (!touched) continue;
        if (!composites.every(present)) {
          if (touchedBySet) {
            throw new Error(
              `${this.entity.name}: setting ${composites.join(', ')} needs all of them for ${index.index}`,
            );
          }
          continue;
        }
        if (part === 'pk') assign(fields.pk, this.entity.partitionKey(index, known));
        else assign(fields.sk, this.entity.sortKey(index, known));
      }
    }
  }

  /** This write as one item of a TransactWriteItems request. */
  commit(): TransactWriteItem {
    const params = this.params();
    switch (this.plan.kind) {
      case 'put':
        return { Put: params } as TransactWriteItem;
      case 'update':
        return { Update: params } as TransactWriteItem;
      case 'delete':
        return { Delete: params } as TransactWriteItem;
      case 'check':
        return { ConditionCheck: params } as TransactWriteItem;
    }
  }

  /**
   * Runs the write on its own. `response: 'all_new'` returns the item after an update. A false
   * condition throws the SDK's ConditionalCheckFailedException (see {@link isConditionFailure}).
   */
  go(options: { response: 'all_new' }): Promise<{ data: Item }>;
  go(options?: { response?: 'all_new' }): Promise<{ data: Item | null }>;
  async go(options: { response?: 'all_new' } = {}): Promise<{ data: Item | null }> {
    const params = this.params();
    const client = documentClient();
    switch (this.plan.kind) {
      case 'put':
        await client.send(new PutCommand(params as never));
        return { data: this.plan.item };
      case 'update': {
        const result = await client.send(
          new UpdateCommand({
            ...(params as unknown as ConstructorParameters<typeof UpdateCommand>[0]),
            ...(options.response === 'all_new' ? { ReturnValues: 'ALL_NEW' as const } : {}),
          }),
        );
        return { data: result.Attributes ? stripPhysical<Item>(result.Attributes) : null };
      }
      case 'delete':
        await client.send(new DeleteCommand(params as never));
        return { data: null };
      case 'check':
        throw new Error('A condition check runs only inside a transaction.');
    }
  }
}
