/**
 * Lead (docs/data-model.md §3.14): an e-mail left on the launch overlay. One item per address, so
 * repeated submissions update it (`submissions` counts them) instead of piling up duplicates.
 *
 * - byEmail (table):     pk `email` → capture (L9)
 * - byCreatedAt (gsi1):  pk (none), sk `created_at` → admin list, newest first (L10)
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const LeadEntity = new Entity(
  {
    model: { entity: 'lead', version: '1', service: SERVICE },
    attributes: {
      email: { type: 'string', required: true },
      /** Always true: the API refuses a lead without consent. */
      agreed_to_terms: { type: 'boolean', required: true },
      source: { type: 'string', required: true },
      /** As the client sent it (the moment the visitor submitted). */
      timestamp: { type: 'string', required: true },
      created_at: { type: 'string', required: true },
      last_submitted_at: { type: 'string', required: true },
      submissions: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['email'] },
        sk: { field: 'sk', composite: [] },
      },
      byCreatedAt: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [] },
        sk: { field: 'gsi1sk', composite: ['created_at'] },
      },
    },
  },
  entityConfig(),
);
