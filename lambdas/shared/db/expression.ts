/**
 * DynamoDB expressions without hand-written placeholders. Every attribute name becomes `#nN` and
 * every value `:vN`, so reserved words (`name`, `status`, `value`, `read`, …) never need thought,
 * and a condition reads like the rule it states:
 *
 *   .where(({ status, file_key }, { eq }) => `${eq(status, 'pending_review')} AND ${eq(file_key, key)}`)
 *
 * The callback receives attribute references and operators and returns the expression text; the
 * operators register the names and values on the builder as a side effect.
 */

/** A reference to a stored attribute, as handed to `where` callbacks. */
export interface AttributeRef {
  readonly placeholder: string;
}

/** The condition operators of a `where` callback. Each returns expression text. */
export interface ConditionOperators {
  eq(attribute: AttributeRef, value: unknown): string;
  ne(attribute: AttributeRef, value: unknown): string;
  gt(attribute: AttributeRef, value: unknown): string;
  gte(attribute: AttributeRef, value: unknown): string;
  lt(attribute: AttributeRef, value: unknown): string;
  lte(attribute: AttributeRef, value: unknown): string;
  between(attribute: AttributeRef, low: unknown, high: unknown): string;
  begins(attribute: AttributeRef, prefix: string): string;
  contains(attribute: AttributeRef, value: unknown): string;
  exists(attribute: AttributeRef): string;
  notExists(attribute: AttributeRef): string;
}

/** A `where` callback: attribute references (by the item's attribute names) and operators. */
export type WhereCallback<Item> = (
  attributes: { readonly [K in keyof Item]-?: AttributeRef },
  operators: ConditionOperators,
) => string;

/** The placeholders of one request: `ExpressionAttributeNames` and `ExpressionAttributeValues`. */
export class ExpressionContext {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly nameIndex = new Map<string, string>();
  private valueCount = 0;

  /** `#nN` for an attribute name (one placeholder per distinct name). */
  name(attribute: string): string {
    let placeholder = this.nameIndex.get(attribute);
    if (!placeholder) {
      placeholder = `#n${this.nameIndex.size}`;
      this.nameIndex.set(attribute, placeholder);
      this.names[placeholder] = attribute;
    }
    return placeholder;
  }

  /** `:vN` for a value (a new placeholder each time). */
  value(value: unknown): string {
    const placeholder = `:v${this.valueCount}`;
    this.valueCount += 1;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** Evaluates a `where` callback against this context. */
  condition<Item>(callback: WhereCallback<Item>): string {
    const attributes = new Proxy({} as { readonly [K in keyof Item]-?: AttributeRef }, {
      get: (_target, property) => ({ placeholder: this.name(String(property)) }),
    });
    return callback(attributes, this.operators());
  }

  private operators(): ConditionOperators {
    const compare = (operator: string) => (attribute: AttributeRef, value: unknown) =>
      `${attribute.placeholder} ${operator} ${this.value(value)}`;
    return {
      eq: compare('='),
      ne: compare('<>'),
      gt: compare('>'),
      gte: compare('>='),
      lt: compare('<'),
      lte: compare('<='),
      between: (attribute, low, high) =>
        `${attribute.placeholder} BETWEEN ${this.value(low)} AND ${this.value(high)}`,
      begins: (attribute, prefix) => `begins_with(${attribute.placeholder}, ${this.value(prefix)})`,
      contains: (attribute, value) => `contains(${attribute.placeholder}, ${this.value(value)})`,
      exists: (attribute) => `attribute_exists(${attribute.placeholder})`,
      notExists: (attribute) => `attribute_not_exists(${attribute.placeholder})`,
    };
  }

  /** The request fields, omitting empty maps (DynamoDB rejects empty ones). */
  toRequest(): {
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  } {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** Joins condition parts with AND, each parenthesised; `undefined` when there are none. */
export const allOf = (parts: readonly (string | undefined)[]): string | undefined => {
  const present = parts.filter((part): part is string => Boolean(part));
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return present.map((part) => `(${part})`).join(' AND ');
};
