/**
 * Counter: generic numeric statistics, so that no statistic needs a scan (docs/data-model.md, section 3.17).
 *
 * - byName (table): pk `name`, sk `bucket`,`shard` → one total (`bucket = all`), a date range of day
 *   buckets, or every status bucket of a counter; readers sum over shards.
 *
 * Always written with `update().add({ value })` (an upsert that never loses a concurrent add), on
 * shard 0. The two counters written for every download, `downloads` and `seller_downloads`, are
 * now written as CounterShard items (counter-shard.ts: one partition per shard); their Counter
 * items are those written before (shards 0 … DOWNLOAD_COUNTER_SHARDS - 1 of `downloads`, shard 0
 * of `seller_downloads`), which readers still add in.
 *
 * `seller_downloads` counts a seller's downloads of a month, bucket `YYYY-MM/<seller id>` (see
 * {@link sellerMonthBucket}): those that share the month's subscription pool, added with the
 * download's tally (download-tally.ts), so the payout run reads a month in a few queries instead
 * of counting every row.
 */
import { defineEntity } from '../entity';

export const COUNTER_NAMES = [
  'users',
  'users_new',
  'mvps',
  'downloads',
  'revenue',
  'subscription_revenue',
  'refunds',
  /** Subscription payments held by card disputes (chargebacks) in a month, net of those won back. */
  'disputes',
  'rating_sum',
  'rating_count',
  'deployments_completed',
  'seller_downloads',
] as const;
export type CounterName = (typeof COUNTER_NAMES)[number];

/** Shards of the `downloads` counter's older items (CounterShard keeps its shards since). */
export const DOWNLOAD_COUNTER_SHARDS = 10;

/** The `seller_downloads` bucket of a seller's month: the month first, so a month is one range. */
export const sellerMonthBucket = (monthYear: string, sellerId: string): string =>
  `${monthYear}/${sellerId}`;

export interface CounterItem {
  name: CounterName;
  /** `all`, a day `YYYY-MM-DD`, a month `YYYY-MM`, a role, a status or `YYYY-MM/<seller id>`. */
  bucket: string;
  shard: number;
  value: number;
  updated_at?: string;
}

export const CounterEntity = defineEntity<CounterItem>()({
  entity: 'counter',
  version: '1',
  defaults: { shard: 0, value: 0 },
  indexes: {
    byName: { pk: ['name'], sk: ['bucket', 'shard'] },
  },
});
