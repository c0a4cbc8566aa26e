/** Writes of the entity layer (see entity.ts): one item's put, update, delete or check. */
import {
  DeleteCommand,
  PutCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { tableDesign } from '../../../contract/design/table-design';
import { documentClient, tableName } from './client';
import { ExpressionContext, allOf, type WhereCallback } from './expression';
import type { Entity } from './entity';
import { stripPhysical, type IndexDefinition, type NumericAttributes } from './model';

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
      // A key without composites is written together with the other key of its index (a
      // username index's constant sort key with the name, say): an item missing either key is
      // not in the index.
      const touchedPart = {
        pk: index.pk.some((attribute) => given.has(attribute)),
        sk: index.sk.some((attribute) => given.has(attribute)),
      };
      for (const [part, composites] of parts) {
        const touchedBySet = composites.some((attribute) => Object.hasOwn(this.sets, attribute));
        const touched =
          composites.length === 0
            ? touchedPart[part === 'pk' ? 'sk' : 'pk']
            : composites.some((name) => given.has(name));
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
  go(options: { response: 'all_new'; abortSignal?: AbortSignal }): Promise<{ data: Item }>;
  go(options?: { response?: 'all_new'; abortSignal?: AbortSignal }): Promise<{ data: Item | null }>;
  async go(
    options: {
      response?: 'all_new';
      /** Gives up (an `AbortError`, never retried) when this signal fires: a time budget. */
      abortSignal?: AbortSignal;
    } = {},
  ): Promise<{ data: Item | null }> {
    const params = this.params();
    const client = documentClient();
    const sendOptions = options.abortSignal ? { abortSignal: options.abortSignal } : undefined;
    switch (this.plan.kind) {
      case 'put':
        await client.send(new PutCommand(params as never), sendOptions);
        return { data: this.plan.item };
      case 'update': {
        const result = await client.send(
          new UpdateCommand({
            ...(params as unknown as ConstructorParameters<typeof UpdateCommand>[0]),
            ...(options.response === 'all_new' ? { ReturnValues: 'ALL_NEW' as const } : {}),
          }),
          sendOptions,
        );
        return { data: result.Attributes ? stripPhysical<Item>(result.Attributes) : null };
      }
      case 'delete':
        await client.send(new DeleteCommand(params as never), sendOptions);
        return { data: null };
      case 'check':
        throw new Error('A condition check runs only inside a transaction.');
    }
  }
}
