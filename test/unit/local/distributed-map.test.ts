/**
 * The local stand-in for a Distributed Map (lib/local/cloud/distributed-map.ts), without S3: items
 * from the state's input, batched as ItemBatcher batches them, each batch run by the given child
 * runner at most MaxConcurrency at a time, and the tolerated-failure thresholds applied to the
 * items of failed batches as Step Functions applies them.
 */
import { describe, expect, it } from 'vitest';
import {
  distributedMapHandler,
  isDistributedMap,
  standInTask,
  type DistributedMapState,
} from '../../../lib/local/cloud/distributed-map';

type Json = Parameters<ReturnType<typeof distributedMapHandler>>[0];

const mapState = (fields: Partial<DistributedMapState> = {}): DistributedMapState => ({
  Type: 'Map',
  ItemProcessor: {
    ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
    StartAt: 'Work',
    States: {},
  },
  ItemsPath: '$.items',
  ItemBatcher: { MaxItemsPerBatch: 3, BatchInput: { 'month.$': '$.month' } },
  MaxConcurrency: 2,
  ResultPath: '$.done',
  Next: 'Finish',
  ...fields,
});

const input = (count: number): Json => ({
  month: '2032-01',
  items: Array.from({ length: count }, (_, index) => ({ n: index })),
});

/** A child runner that records its inputs and fails the batches holding any of `failing`. */
const children = (failing: number[] = []) => {
  const seen: { BatchInput: unknown; Items: { n: number }[] }[] = [];
  let running = 0;
  let most = 0;
  const runChild = async (childInput: Json): Promise<Json> => {
    const batch = childInput as unknown as (typeof seen)[number];
    seen.push(batch);
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    if (batch.Items.some((item) => failing.includes(item.n))) throw new Error('batch failed');
    return { paid: batch.Items.length };
  };
  return { seen, runChild, most: () => most };
};

describe('local Distributed Map', () => {
  it('is recognised by its processor mode, and its stand-in Task keeps the path fields', () => {
    expect(isDistributedMap(mapState())).toBe(true);
    const inline = { ...mapState(), ItemProcessor: { StartAt: 'Work', States: {} } };
    expect(isDistributedMap(inline as { Type: string })).toBe(false);
    expect(standInTask(mapState(), 'arn:x')).toEqual({
      Type: 'Task',
      Resource: 'arn:x',
      TimeoutSeconds: 2_000_000,
      ResultPath: '$.done',
      Next: 'Finish',
    });
  });

  it('batches 7 items in 3s with the BatchInput, at most MaxConcurrency children at once', async () => {
    const child = children();
    const output = await distributedMapHandler('Work', mapState(), child)(input(7));
    expect(child.seen.map((batch) => batch.Items.map((item) => item.n))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6],
    ]);
    expect(
      child.seen.every((batch) => (batch.BatchInput as { month: string }).month === '2032-01'),
    ).toBe(true);
    expect(child.most()).toBe(2);
    expect(output).toEqual([{ paid: 3 }, { paid: 3 }, { paid: 1 }]);
  });

  it('lets a test choose the batch size', async () => {
    const child = children();
    await distributedMapHandler('Work', mapState(), { ...child, maxItemsPerBatch: 5 })(input(7));
    expect(child.seen.map((batch) => batch.Items.length)).toEqual([5, 2]);
  });

  it('tolerates failed batches up to the percentage of items, and fails beyond it', async () => {
    // One failed batch of 1 item in 10 items: 10%, tolerated at 10, not at 9.
    const state = (percentage: number) =>
      mapState({ ToleratedFailurePercentage: percentage, ItemBatcher: { MaxItemsPerBatch: 1 } });
    await expect(
      distributedMapHandler('Work', state(10), children([4]))(input(10)),
    ).resolves.toHaveLength(10);
    await expect(
      distributedMapHandler('Work', state(9), children([4]))(input(10)),
    ).rejects.toMatchObject({ name: 'States.ExceedToleratedFailureThreshold' });
  });

  it('counts every item of a failed batch, and fails on any failure without a threshold', async () => {
    // The batch [3, 4, 5] fails: 3 of 7 items, 42.9%.
    const tolerant = mapState({ ToleratedFailurePercentage: 43 });
    await expect(distributedMapHandler('Work', tolerant, children([4]))(input(7))).resolves.toEqual(
      [{ paid: 3 }, null, { paid: 1 }],
    );
    const strict = mapState({ ToleratedFailurePercentage: 42 });
    await expect(
      distributedMapHandler('Work', strict, children([4]))(input(7)),
    ).rejects.toMatchObject({ name: 'States.ExceedToleratedFailureThreshold' });
    await expect(
      distributedMapHandler('Work', mapState(), children([4]))(input(7)),
    ).rejects.toMatchObject({ name: 'States.ExceedToleratedFailureThreshold' });
    const counted = mapState({ ToleratedFailureCount: 3 });
    await expect(
      distributedMapHandler('Work', counted, children([4]))(input(7)),
    ).resolves.toHaveLength(3);
  });
});
