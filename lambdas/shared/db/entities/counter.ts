/**
 * Counter: generic numeric statistics, so that no statistic needs a scan (docs/data-model.md, section 3.17).
 *
 * - byName (table): pk `name`, sk `bucket`,`shard` → one total (`bucket = all`), a date range of day
 *   buckets, or every status bucket of a counter; readers sum over shards.
 *
 * Always written with `update().add({ value })` (an upsert that never loses a concurrent add). Only
 * `downloads` is sharded (DOWNLOAD_COUNTER_SHARDS, random per write) because it is the one counter
 * written on every download; every other counter uses shard 0.
 *
 * `seller_downloads` is one item per seller and month, bucket `YYYY-MM/<seller id>` (see
 * {@link sellerMonthBucket}): the seller's downloads that share the month's subscription pool, added
 * in the download's own transaction, so the payout run reads a month in one query instead of
 * counting every row. Not sharded: it is only contended by concurrent downloads of one seller's
 * templates, as the template's own `download_count` already is in the same transaction.
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

/** Shards of the `downloads` counter: conflicts between concurrent downloads become 10× rarer. */
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
