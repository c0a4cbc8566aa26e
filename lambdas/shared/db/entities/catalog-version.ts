/**
 * CatalogVersion: a single counter item bumped whenever an approved template is created, changed
 * or leaves the catalog. Browse Lambdas keep the approved catalog in memory and reload it only when
 * this counter moved, so a warm browse costs one GetItem however large the catalog grows
 * (docs/data-model.md, "Browse").
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const CatalogVersionEntity = new Entity(
  {
    model: { entity: 'catalogVersion', version: '1', service: SERVICE },
    attributes: {
      name: { type: 'string', required: true, default: 'catalog' },
      version: { type: 'number', required: true, default: 0 },
      /** Approved templates, moved by ±1 in exactly the writes that bump `version` (home stats). */
      approved_count: { type: 'number', required: true, default: 0 },
      updated_at: { type: 'string' },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['name'] },
        sk: { field: 'sk', composite: [] },
      },
    },
  },
  entityConfig(),
);
