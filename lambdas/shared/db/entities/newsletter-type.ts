/**
 * NewsletterType (docs/data-model.md §3.14): few items, all in one partition without a composite
 * (`pk = $marketplace`), listed with one Query. The general list is seeded as `site_updates`.
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const NewsletterTypeEntity = new Entity(
  {
    model: { entity: 'newsletterType', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true },
      name: { type: 'string', required: true },
      description: { type: 'string' },
      is_active: { type: 'boolean', required: true, default: true },
      created_at: { type: 'string', required: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: [] },
        sk: { field: 'sk', composite: ['id'] },
      },
    },
  },
  entityConfig(),
);
