/**
 * Review: at most one per buyer per template, so the buyer is part of the primary key and a second
 * submission overwrites the first.
 *
 * - byMvp (table):  pk `mvp_id`, sk `user_id`      → reviews of a template; the buyer's own review
 * - byUser (gsi1):  pk `user_id`, sk `created_at`  → a buyer's reviews
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const ReviewEntity = new Entity(
  {
    model: { entity: 'review', version: '1', service: SERVICE },
    attributes: {
      mvp_id: { type: 'string', required: true },
      user_id: { type: 'string', required: true },
      id: { type: 'string', required: true },
      rating: { type: 'number', required: true },
      review_text: { type: 'string' },
      is_verified_buyer: { type: 'boolean', required: true, default: false },
      /** Denormalised at write time so a review list needs no join. */
      user_email: { type: 'string' },
      user_username: { type: 'string' },
      created_at: { type: 'string', required: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byMvp: {
        pk: { field: 'pk', composite: ['mvp_id'] },
        sk: { field: 'sk', composite: ['user_id'] },
      },
      byUser: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['user_id'] },
        sk: { field: 'gsi1sk', composite: ['created_at'] },
      },
    },
  },
  entityConfig(),
);
