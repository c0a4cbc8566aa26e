/**
 * Stats data access: single reads of the counters other writes keep exact (docs/data-model.md,
 * section 3.17), so no statistic needs a scan.
 */
import { CatalogVersionEntity } from '../shared/db/entities/catalog-version';
import { CounterEntity, type CounterName } from '../shared/db/entities/counter';
import {
  CounterShardEntity,
  isShardedCounter,
  shardsOf,
} from '../shared/db/entities/counter-shard';
import { SearchCountEntity, type SearchCountItem } from '../shared/db/entities/search-count';
import { logger } from '../shared/observability';

/** C1 (its `approved_count`): approved templates, moved ±1 by the writes that change the catalog. */
export const getApprovedTemplateCount = async (): Promise<number> => {
  const { data } = await CatalogVersionEntity.get({ name: 'catalog' }).go({
    attributes: ['approved_count'],
  });
  return data?.approved_count ?? 0;
};

interface BucketValue {
  bucket: string;
  value: number;
}

/**
 * A counter's items, read from its Counter partition and, for a counter written for every download
 * (`downloads`), from each of its CounterShard partitions too (section 3.17): `range` narrows the
 * sort key to one bucket prefix or a span of buckets.
 */
const readCounterItems = async (
  name: CounterName,
  range: { begins: string } | { from: string; to: string } | null,
): Promise<BucketValue[]> => {
  const options = { pages: 'all', attributes: ['bucket', 'value'] } as const;
  const legacy = CounterEntity.query.byName({ name });
  const reads: Promise<{ data: BucketValue[] }>[] = [
    (range === null
      ? legacy
      : 'begins' in range
        ? legacy.begins({ bucket: range.begins })
        : legacy.between({ bucket: range.from }, { bucket: range.to })
    ).go(options),
  ];
  if (isShardedCounter(name)) {
    for (const shard of shardsOf(name)) {
      const query = CounterShardEntity.query.byShard({ name, shard });
      reads.push(
        (range === null
          ? query
          : 'begins' in range
            ? query.begins({ bucket: range.begins })
            : query.between({ bucket: range.from }, { bucket: range.to })
        ).go(options),
      );
    }
  }
  return (await Promise.all(reads)).flatMap(({ data }) => data);
};

/** K2: one counter's `all` total, summed over its shards (0 before the first write). */
export const getCounterTotal = async (name: CounterName): Promise<number> => {
  const data = await readCounterItems(name, { begins: 'all' });
  // `begins` on `all` would also match a bucket such as `all-time`; only `all` itself counts.
  return data.filter((item) => item.bucket === 'all').reduce((sum, item) => sum + item.value, 0);
};

/** K4: every bucket of a counter, summed over shards (absent buckets are absent). */
export const getCounterBuckets = async (name: CounterName): Promise<Map<string, number>> => {
  const data = await readCounterItems(name, null);
  const buckets = new Map<string, number>();
  for (const { bucket, value } of data) buckets.set(bucket, (buckets.get(bucket) ?? 0) + value);
  return buckets;
};

/** A calendar day bucket (`YYYY-MM-DD`); a counter's `all` and month buckets are not days. */
const DAY_BUCKET = /^\d{4}-\d{2}-\d{2}$/;

const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * K3: one counter's day buckets from `from` to `to` (inclusive, `YYYY-MM-DD`), summed over its
 * shards; days without a bucket are absent. One range query on each of the counter's partitions:
 * it reads only the buckets of those days (plus at most one month bucket per month, which sorts
 * among them: `2026-11#` falls between `2026-10-31` and `2026-11-01`), never the counter's whole
 * history.
 */
export const getDailyCounterValues = async (
  name: CounterName,
  from: string,
  to: string,
): Promise<Map<string, number>> => {
  // The upper bound is the next day's prefix: every shard of `to` sorts below it.
  const data = await readCounterItems(name, { from, to: nextDay(to) });
  const values = new Map<string, number>();
  for (const { bucket, value } of data) {
    if (!DAY_BUCKET.test(bucket) || bucket < from || bucket > to) continue;
    values.set(bucket, (values.get(bucket) ?? 0) + value);
  }
  return values;
};

/**
 * At most this many searches are read of one day: a day's distinct searches are a long tail, and
 * the lists show the top ten of the period (docs/data-model.md, section 3.26).
 */
export const SEARCH_COUNTS_READ_PER_DAY = 5_000;

/** S2: the searches of one day (their text, count, latest result count and categories). */
export const listSearchCountsOfDay = async (day: string): Promise<SearchCountItem[]> => {
  const { data, cursor } = await SearchCountEntity.query.byDay({ search_day: day }).go({
    pages: 'all',
    limit: SEARCH_COUNTS_READ_PER_DAY,
    attributes: ['search_day', 'query', 'searches', 'result_count', 'categories'],
  });
  if (cursor !== null && data.length >= SEARCH_COUNTS_READ_PER_DAY) {
    logger.warn('A day has more searches than are read', { day, read: data.length });
  }
  return data;
};
