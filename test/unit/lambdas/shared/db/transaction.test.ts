/** Named transaction results: a cancellation says which named item failed. */
import '../../../../fixtures/lambda-env';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as client from '../../../../../lambdas/shared/db/client';
import { CounterEntity } from '../../../../../lambdas/shared/db/entities/counter';
import { transactWrite } from '../../../../../lambdas/shared/db/transaction';

const counter = (bucket: string) =>
  CounterEntity.update({ name: 'downloads', bucket, shard: 0 }).add({ value: 1 });

/** A document client whose send throws what DynamoDB throws for a cancelled transaction. */
const cancelWith = (codes: string[]) => {
  const send = vi.fn(async () => {
    throw Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });
  });
  vi.spyOn(client, 'documentClient').mockReturnValue({ send } as never);
  return send;
};

afterEach(() => vi.restoreAllMocks());

describe('transactWrite', () => {
  it('names each failure by its item, lists by name.index, and skips empty items', async () => {
    const send = cancelWith(['None', 'ConditionalCheckFailed', 'None', 'TransactionConflict']);
    const result = await transactWrite({
      first: counter('a'),
      quota: counter('b'),
      nothing: null,
      skipped: false,
      notification: [counter('c'), counter('d')],
    });
    expect(send).toHaveBeenCalledOnce();
    const [command] = send.mock.calls[0] as unknown as [{ input: { TransactItems: unknown[] } }];
    expect(command.input.TransactItems).toHaveLength(4);
    expect(result.canceled).toBe(true);
    expect(result.codes).toEqual({
      first: 'None',
      quota: 'ConditionalCheckFailed',
      'notification.0': 'None',
      'notification.1': 'TransactionConflict',
    });
    expect(result.failed('quota')).toBe('ConditionalCheckFailed');
    expect(result.failed('first')).toBeUndefined();
    expect(result.failed('notification')).toBe('TransactionConflict');
    expect(result.any('TransactionConflict')).toBe(true);
  });

  it('rethrows any other failure', async () => {
    vi.spyOn(client, 'documentClient').mockReturnValue({
      send: async () => {
        throw Object.assign(new Error('boom'), { name: 'ValidationException' });
      },
    } as never);
    await expect(transactWrite({ a: counter('a') })).rejects.toThrow('boom');
  });
});
