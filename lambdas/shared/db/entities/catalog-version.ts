/**
 * CatalogVersion: one item, the counter every browse cache checks (docs/data-model.md, section 3.17).
 *
 * - byName (table): pk `name` (`catalog`) → the version number and the approved count
 */
import { defineEntity } from '../entity';

export interface CatalogVersionItem {
  name: string;
  /** Moves by one on every change of the approved catalog. */
  version: number;
  /** Approved templates (the home hero's figure), moved in the same write. */
  approved_count: number;
  updated_at?: string;
}

export const CatalogVersionEntity = defineEntity<CatalogVersionItem>()({
  entity: 'catalogVersion',
  version: '1',
  defaults: { name: 'catalog', version: 0, approved_count: 0 },
  indexes: {
    byName: { pk: ['name'], sk: [] },
  },
});
