/**
 * The `mvps` Counter (docs/data-model.md §3.17): one bucket per template status, moved ±1 inside the
 * very transaction that creates a template (M2) or moves its status (M3, M5). Because the counter
 * items commit or roll back with the status write, the admin overview's totalMVPs and pendingMVPs
 * (M12) stay exact without a scan, whatever fails or races.
 *
 * Shared by the seller workspace and the processing pipeline, the two writers of template status.
 */
import type { MvpStatus } from '../contracts/catalog';
import { CounterEntity } from './entities/counter';

/**
 * The counter items for a template entering `to` (from `from`, or newly created when `from` is
 * `null`). Nothing when the status does not change: a transaction cannot name one item twice, and
 * there is nothing to count.
 */
export const mvpStatusCounterWrites = (from: MvpStatus | null, to: MvpStatus, now: string) => {
  if (from === to) return [];
  const move = (bucket: MvpStatus, value: number) =>
    CounterEntity.update({ name: 'mvps', bucket, shard: 0 })
      .add({ value })
      .set({ updated_at: now });
  return [...(from ? [move(from, -1)] : []), move(to, 1)];
};

/** K4: every status bucket of the `mvps` counter (absent buckets are 0). */
export const getMvpStatusCounts = async (): Promise<Record<string, number>> => {
  const { data } = await CounterEntity.query
    .byName({ name: 'mvps' })
    .go({ pages: 'all', attributes: ['bucket', 'value'] });
  return Object.fromEntries(data.map((item) => [item.bucket, item.value]));
};
