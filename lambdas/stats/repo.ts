/**
 * Stats data access: single reads of the counters other writes keep exact (docs/data-model.md
 * §3.17), so no statistic needs a scan.
 */
import { CatalogVersionEntity } from '../shared/db/entities/catalog-version';
import { CounterEntity, type CounterName } from '../shared/db/entities/counter';

/** C1 (its `approved_count`): approved templates, moved ±1 by the writes that change the catalog. */
export const getApprovedTemplateCount = async (): Promise<number> => {
  const { data } = await CatalogVersionEntity.get({ name: 'catalog' }).go({
    attributes: ['approved_count'],
  });
  return data?.approved_count ?? 0;
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
