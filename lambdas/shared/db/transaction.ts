/**
 * Multi-item writes as one TransactWriteItems, with failures named: each item
 * of the transaction has a name, and a cancellation says which named item failed and why, so no
 * caller decodes DynamoDB's positional CancellationReasons.
 *
 *   const result = await transactWrite({
 *     quota: ProfileEntity.patch({ id }).add({ downloads_remaining: -1 }).where(...),
 *     row: DownloadEntity.create(download),
 *     notification: notificationWrites(input),      // a list is named notification.0, .1, …
 *   });
 *   if (result.failed('quota') === 'ConditionalCheckFailed') …
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client';

/** Something that can be one item of a transaction (every entity write builder is). */
export interface TransactionWrite {
  commit(): unknown;
}

/** Named items; lists expand to `name.0`, `name.1`, …; `null`/`undefined`/`false` are left out. */
export type TransactionItems = Readonly<
  Record<string, TransactionWrite | readonly TransactionWrite[] | null | undefined | false>
>;

/** DynamoDB's cancellation codes, plus `None` for items that were fine. */
export type CancellationCode =
  | 'None'
  | 'ConditionalCheckFailed'
  | 'TransactionConflict'
  | 'ItemCollectionSizeLimitExceeded'
  | 'ProvisionedThroughputExceeded'
  | 'ThrottlingError'
  | 'ValidationError'
  | (string & {});

export interface TransactionResult {
  canceled: boolean;
  /** The code of every named item (`None` when it passed or the transaction committed). */
  codes: Readonly<Record<string, CancellationCode>>;
  /** The failure code of an item (or of the first failing item of a named list), else undefined. */
  failed(name: string): CancellationCode | undefined;
  /** True when any item failed with this code. */
  any(code: CancellationCode): boolean;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const expand = (items: TransactionItems): [string, TransactionWrite][] =>
  Object.entries(items).flatMap(([name, value]): [string, TransactionWrite][] => {
    if (!value) return [];
    if (Array.isArray(value)) {
      return (value as readonly TransactionWrite[]).map((write, index) => [
        `${name}.${index}`,
        write,
      ]);
    }
    return [[name, value as TransactionWrite]];
  });

const resultOf = (names: readonly string[], codes: readonly string[]): TransactionResult => {
  const byName: Record<string, CancellationCode> = {};
  names.forEach((name, index) => {
    byName[name] = codes[index] ?? 'None';
  });
  const canceled = codes.some((code) => code !== 'None');
  return {
    canceled,
    codes: byName,
    failed: (name) => {
      const own = byName[name];
      if (own !== undefined) return own === 'None' ? undefined : own;
      const member = names.find(
        (candidate) => candidate.startsWith(`${name}.`) && byName[candidate] !== 'None',
      );
      return member ? byName[member] : undefined;
    },
    any: (code) => Object.values(byName).includes(code),
  };
};

/**
 * Writes all named items or none. A cancellation resolves (not throws) with the per-item codes;
 * any other failure (network, validation of the request itself) throws.
 *
 * `token` makes a retried call idempotent for 10 minutes (DynamoDB's ClientRequestToken).
 */
export const transactWrite = async (
  items: TransactionItems,
  options: { token?: string } = {},
): Promise<TransactionResult> => {
  const entries = expand(items);
  const names = entries.map(([name]) => name);
  if (entries.length === 0) return resultOf([], []);
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: entries.map(([, write]) => write.commit() as TransactItem),
        ...(options.token ? { ClientRequestToken: options.token } : {}),
      }),
    );
    return resultOf(names, []);
  } catch (error) {
    const reasons = (error as { name?: string; CancellationReasons?: { Code?: string }[] })
      .CancellationReasons;
    if ((error as { name?: string }).name !== 'TransactionCanceledException' || !reasons) {
      throw error;
    }
    return resultOf(
      names,
      reasons.map((reason) => reason.Code ?? 'None'),
    );
  }
};
