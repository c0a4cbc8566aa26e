/**
 * CounterShard: the shards of the counters written for every download, each shard in its own
 * partition (docs/data-model.md, section 3.17). The `downloads` counter's shards and the sellers'
 * month counters (`seller_downloads`) used to be items of one partition per counter name
 * (Counter's pk is `name`), so every download of the site wrote the same partition; here the pk
 * is `name` and `shard`, so a burst of downloads spreads over SHARDED_COUNTERS[name] partitions.
 *
 * - byShard (table): pk `name`,`shard`, sk `bucket` → one shard's total (`bucket = all`), a date
 *   range of its day buckets, or a month's sellers (`YYYY-MM/…`); readers query every shard of the
 *   name (and the older Counter items of that name, written before the shards moved here) and sum.
 *
 * Always written with `update().add({ value })`, like Counter.
 */
import { defineEntity } from '../entity';

/** The counters kept here, and over how many partitions each spreads. */
export const SHARDED_COUNTERS = {
  /** Site-wide downloads (`all` and day buckets). */
  downloads: 10,
  /** Each seller's counted downloads of a month (bucket `YYYY-MM/<seller id>`). */
  seller_downloads: 10,
} as const;
export type ShardedCounterName = keyof typeof SHARDED_COUNTERS;

export const isShardedCounter = (name: string): name is ShardedCounterName =>
  Object.hasOwn(SHARDED_COUNTERS, name);

/** The shard numbers of a sharded counter: 0 … SHARDED_COUNTERS[name] - 1. */
export const shardsOf = (name: ShardedCounterName): number[] =>
  Array.from({ length: SHARDED_COUNTERS[name] }, (_, shard) => shard);

export interface CounterShardItem {
  name: ShardedCounterName;
  shard: number;
  /** `all`, a day `YYYY-MM-DD`, or `YYYY-MM/<seller id>`. */
  bucket: string;
  value: number;
  updated_at?: string;
}

export const CounterShardEntity = defineEntity<CounterShardItem>()({
  entity: 'counterShard',
  version: '1',
  defaults: { value: 0 },
  indexes: {
    byShard: { pk: ['name', 'shard'], sk: ['bucket'] },
  },
});
