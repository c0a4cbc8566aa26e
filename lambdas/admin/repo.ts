/**
 * Admin overview data access: reads of the counters that other domains' writes keep exact
 * (docs/data-model.md §3.17), so no figure of the overview reads the items it counts. The
 * templates' status counter is read through the templates service (its owner).
 */
import { CounterEntity, type CounterName } from '../shared/db/entities/counter';

/** K4: every bucket of a counter, summed over shards (absent buckets are absent). */
export const getCounterBuckets = async (name: CounterName): Promise<Map<string, number>> => {
  const { data } = await CounterEntity.query
    .byName({ name })
    .go({ pages: 'all', attributes: ['bucket', 'value'] });
  const buckets = new Map<string, number>();
  for (const { bucket, value } of data) buckets.set(bucket, (buckets.get(bucket) ?? 0) + value);
  return buckets;
};

/** K2: one counter's `all` total, summed over its shards (0 before the first write). */
export const getCounterTotal = async (name: CounterName): Promise<number> => {
  const { data } = await CounterEntity.query
    .byName({ name })
    .begins({ bucket: 'all' })
    .go({ pages: 'all', attributes: ['bucket', 'value'] });
  // `begins` on `all` would also match a bucket such as `all-time`; only `all` itself counts.
  return data.filter((item) => item.bucket === 'all').reduce((sum, item) => sum + item.value, 0);
};

const DAY_BUCKET = /^\d{4}-\d{2}-\d{2}$/;

const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * K3: the sum of one counter's day buckets from `from` to `to` (inclusive, `YYYY-MM-DD`): one range
 * query that reads those days only (and the month bucket sorting among them, left out).
 */
export const sumDayBuckets = async (
  name: CounterName,
  from: string,
  to: string,
): Promise<number> => {
  // The upper bound is the next day's prefix: every shard of `to` sorts below it.
  const { data } = await CounterEntity.query
    .byName({ name })
    .between({ bucket: from }, { bucket: nextDay(to) })
    .go({ pages: 'all', attributes: ['bucket', 'value'] });
  return data
    .filter(({ bucket }) => DAY_BUCKET.test(bucket) && bucket >= from && bucket <= to)
    .reduce((sum, item) => sum + item.value, 0);
};
