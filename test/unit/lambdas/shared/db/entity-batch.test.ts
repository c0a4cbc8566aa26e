/**
 * The entity layer's batch requests ask again for what DynamoDB leaves unprocessed (throttling):
 * a read until every key is read (at most 4 requests), a write until every item is written (at
 * most 8 per chunk of 25), then an error naming how many were left. The client's `send` answers
 * here, so no database is needed.
 */
import '../../../../fixtures/lambda-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentClient, tableName } from '../../../../../lambdas/shared/db/client';
import { LeadEntity } from '../../../../../lambdas/shared/db/entities/lead';

type Key = { pk: string; sk: string };
type BatchGetInput = { RequestItems: Record<string, { Keys: Key[] }> };
type BatchWriteInput = {
  RequestItems: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]>;
};

const send = () => vi.spyOn(documentClient(), 'send') as unknown as ReturnType<typeof vi.fn>;
const inputOf = <T>(call: unknown[]) => (call[0] as { input: T }).input;

const emails = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ email: `lead${index}@example.com` }));

beforeEach(() => {
  // No pause between requests: the pauses' bounds are the retry helper's own unit test.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('batchGetAll', () => {
  it('asks again for the keys left unprocessed until every key is read', async () => {
    const table = tableName();
    const asked: number[] = [];
    send().mockImplementation(async (command: unknown) => {
      const keys = (command as { input: BatchGetInput }).input.RequestItems[table]!.Keys;
      asked.push(keys.length);
      // Each answer reads the first key and leaves the rest.
      const [first, ...rest] = keys;
      return {
        Responses: { [table]: [{ ...first, email: `read-${asked.length}` }] },
        UnprocessedKeys: rest.length > 0 ? { [table]: { Keys: rest } } : {},
      };
    });
    const items = await LeadEntity.batchGetAll(emails(3));
    expect(asked).toEqual([3, 2, 1]);
    expect(items.map((item) => item.email)).toEqual(['read-1', 'read-2', 'read-3']);
  });

  it('throws naming the keys still unread after 4 requests', async () => {
    const table = tableName();
    const spy = send().mockImplementation(async (command: unknown) => ({
      Responses: { [table]: [] },
      UnprocessedKeys: {
        [table]: { Keys: (command as { input: BatchGetInput }).input.RequestItems[table]!.Keys },
      },
    }));
    await expect(LeadEntity.batchGetAll(emails(2))).rejects.toThrow('2 lead items were not read');
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it('sends nothing for no keys', async () => {
    const spy = send();
    await expect(LeadEntity.batchGetAll([])).resolves.toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('batchPut', () => {
  const at = '2026-01-01T00:00:00.000Z';
  const lead = (email: string) => ({
    email,
    agreed_to_terms: true,
    source: 'test',
    timestamp: at,
    created_at: at,
    last_submitted_at: at,
  });

  it('writes the items left unprocessed again, chunk by chunk', async () => {
    const table = tableName();
    const sizes: number[] = [];
    const spy = send().mockImplementation(async (command: unknown) => {
      const requests = (command as { input: BatchWriteInput }).input.RequestItems[table]!;
      sizes.push(requests.length);
      // The first answer of each chunk leaves its last item unprocessed.
      const rest = requests.length > 1 ? requests.slice(-1) : [];
      return { UnprocessedItems: rest.length > 0 ? { [table]: rest } : {} };
    });
    await LeadEntity.batchPut(emails(30).map(({ email }) => lead(email)));
    expect(sizes).toEqual([25, 1, 5, 1]);
    const written = spy.mock.calls.map(
      (call) => inputOf<BatchWriteInput>(call).RequestItems[table]!.at(-1)!.PutRequest.Item.email,
    );
    expect(written).toEqual([
      'lead24@example.com',
      'lead24@example.com',
      'lead29@example.com',
      'lead29@example.com',
    ]);
  });

  it('throws naming the items still unwritten after 8 requests of a chunk', async () => {
    const table = tableName();
    const spy = send().mockImplementation(async (command: unknown) => ({
      UnprocessedItems: {
        [table]: (command as { input: BatchWriteInput }).input.RequestItems[table]!,
      },
    }));
    await expect(LeadEntity.batchPut(emails(3).map(({ email }) => lead(email)))).rejects.toThrow(
      '3 lead items were not written',
    );
    expect(spy).toHaveBeenCalledTimes(8);
  });
});
