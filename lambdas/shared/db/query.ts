/** Queries of the entity layer (see entity.ts): key conditions, filters, pages and cursors. */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableDesign } from '../../../contract/design/table-design';
import { documentClient, tableName } from './client';
import { ExpressionContext, type WhereCallback } from './expression';
import type { Entity } from './entity';
import {
  decodeCursor,
  encodeCursor,
  stripPhysical,
  type IndexDefinition,
  type QueryOptions,
  type QueryResult,
} from './model';

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

  /** Sort key between two partial sort keys, inclusive (see docs/data-model.md, section 1.1 item 6). */
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

  /** The key condition (and filter) of this query, registered on `context`. */
  private conditions(context: ExpressionContext) {
    const fields = this.entity.fieldsOf(this.index);
    const pk = this.entity.partitionKey(this.index, this.values);
    // Without an explicit condition the sort key still starts with this entity's prefix, so a
    // query never returns another entity sharing the partition.
    const sortPart = this.sortCondition
      ? this.sortCondition(context, fields.sk)
      : `begins_with(${context.name(fields.sk)}, ${context.value(this.prefix({}))})`;
    const keyCondition = `${context.name(fields.pk)} = ${context.value(pk)} AND ${sortPart}`;
    const filter = this.filter ? context.condition(this.filter) : undefined;
    return { fields, keyCondition, filter };
  }

  /**
   * How many items match (`Select: COUNT`, every page): DynamoDB reads them as a query would,
   * but returns no items, so nothing is transferred or held in memory.
   */
  async count(options: { abortSignal?: AbortSignal } = {}): Promise<number> {
    const context = new ExpressionContext();
    const { keyCondition, filter } = this.conditions(context);
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName(),
          ...(this.index.index ? { IndexName: this.index.index } : {}),
          KeyConditionExpression: keyCondition,
          ...(filter ? { FilterExpression: filter } : {}),
          ...context.toRequest(),
          Select: 'COUNT',
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
        options.abortSignal ? { abortSignal: options.abortSignal } : undefined,
      );
      count += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return count;
  }

  async go(options: QueryOptions<Item> = {}): Promise<QueryResult<Item>> {
    const context = new ExpressionContext();
    const { fields, keyCondition, filter } = this.conditions(context);
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
