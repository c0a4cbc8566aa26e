/**
 * UserNewsletterSubscription (docs/data-model.md §3.14): a signed-in user's choice per newsletter
 * type, in the user's item collection.
 *
 * - byUser (table):  pk `user_id`, sk `newsletter_type_id` → the settings toggle (L4)
 * - byType (gsi1):   pk `newsletter_type_id`, sk `last_modified_at` → admin list per type (L6)
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const NEWSLETTER_SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;

export const UserNewsletterSubscriptionEntity = new Entity(
  {
    model: { entity: 'userNewsletterSubscription', version: '1', service: SERVICE },
    attributes: {
      user_id: { type: 'string', required: true },
      newsletter_type_id: { type: 'string', required: true },
      /** Denormalised for the admin tab and the export. */
      email: { type: 'string', required: true },
      status: { type: NEWSLETTER_SUBSCRIPTION_STATUSES, required: true },
      source: { type: 'string', required: true },
      subscribed_at: { type: 'string', required: true },
      last_modified_at: { type: 'string', required: true },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['user_id'] },
        sk: { field: 'sk', composite: ['newsletter_type_id'] },
      },
      byType: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['newsletter_type_id'] },
        sk: { field: 'gsi1sk', composite: ['last_modified_at'] },
      },
    },
  },
  entityConfig(),
);
