/**
 * The data-access layer's one building block: a typed entity on the single table.
 *
 * Why not ElectroDB any more: it is about 220 KB of minified CommonJS that every Lambda loaded
 * and parsed on a cold start (a third of the import time). This module keeps the parts we
 * used (key rendering, sparse and conditional indexes, builders for the writes, named
 * transactions) in a few hundred lines over the AWS SDK's DocumentClient, and keeps ElectroDB's
 * key format so docs/data-model.md still describes the table exactly:
 *
 *   partition key  `$marketplace#<attr>_<value>[#<attr>_<value>…]`   (`$marketplace` with none)
 *   sort key       `$<entity>_<version>[#<attr>_<value>…]`
 *   every rendered key is lower-cased; attributes keep their case.
 *
 * Rules the builders enforce (docs/data-model.md, section 1.1):
 * - `create` puts with `attribute_not_exists`; `put` replaces; `update`/`upsert` write without an
 *   existence condition; `patch` requires the item to exist. Never `put` a counter-bearing item.
 * - A secondary index's keys are written when all of its composite attributes are known (sparse by
 *   absence); an index with a `condition` is re-evaluated on every write from the attributes that
 *   write is given (sparse by condition), so writes to such entities must pass what it reads.
 * - Reads return the item's attributes without the physical key fields.
 *
 * Nothing happens at import: the table name and the client are looked up at the first request.
 */
import { BatchGetCommand, BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableDesign } from '../../../contract/design/table-design';
import { documentClient, tableName } from './client';
import { ExpressionContext } from './expression';
import {
  SERVICE,
  fieldsOf,
  stripPhysical,
  type Attribute,
  type EntityDefinition,
  type IndexDefinition,
  type KeyOf,
  type QueryValues,
} from './model';
import { QueryBuilder } from './query';
import { WriteBuilder } from './write';
import { RETRY, retry } from '../retry';

export {
  InvalidCursorError,
  SERVICE,
  isConditionFailure,
  writtenUnlessRefused,
  type EntityDefinition,
  type IndexDefinition,
  type KeyOf,
  type QueryOptions,
  type QueryResult,
  type QueryValues,
} from './model';
export { QueryBuilder } from './query';
export { WriteBuilder } from './write';

/**
 * The longest pause before a batch asks again for what DynamoDB left unprocessed (throttling);
 * each later pause may be twice as long.
 */
const UNPROCESSED_RETRY_DELAY_MS = 50;

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
    options: { attributes?: readonly Attribute<Item>[]; consistent?: boolean } = {},
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
              ...(options.consistent ? { ConsistentRead: true } : {}),
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

  /**
   * Many items by key, every key read: the keys DynamoDB leaves unprocessed (throttling) are
   * asked again with backoff, like `batchPut` retries its writes; after 4 attempts it throws.
   */
  async batchGetAll(
    keys: readonly KeyOf<Item, Indexes>[],
    options: { attributes?: readonly Attribute<Item>[]; consistent?: boolean } = {},
  ): Promise<Item[]> {
    const found: Item[] = [];
    let pending = [...keys];
    return retry(
      async () => {
        if (pending.length > 0) {
          const { data, unprocessed } = await this.batchGet(pending, options);
          found.push(...data);
          pending = unprocessed;
        }
        return pending.length === 0 ? found : RETRY;
      },
      {
        attempts: 4,
        baseDelayMs: UNPROCESSED_RETRY_DELAY_MS,
        exhausted: () => new Error(`${pending.length} ${this.name} items were not read`),
      },
    );
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
      await retry(
        async () => {
          const result = await documentClient().send(
            new BatchWriteCommand({ RequestItems: { [table]: requests } }),
          );
          requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
          return requests.length === 0 ? undefined : RETRY;
        },
        {
          attempts: 8,
          baseDelayMs: UNPROCESSED_RETRY_DELAY_MS,
          exhausted: () => new Error(`${requests.length} ${this.name} items were not written`),
        },
      );
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
