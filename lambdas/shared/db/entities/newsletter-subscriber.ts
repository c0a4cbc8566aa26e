/**
 * NewsletterSubscriber (docs/data-model.md §3.14): one item per e-mail address (trimmed and
 * lower-cased before writing), whether it came from settings or the launch page.
 *
 * - byEmail (table):      pk `email` → subscribe / unsubscribe (L7)
 * - bySubscribedAt (gsi1): pk (none), sk `subscribed_at` → admin view and export, newest first (L8)
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const NewsletterSubscriberEntity = new Entity(
  {
    model: { entity: 'newsletterSubscriber', version: '1', service: SERVICE },
    attributes: {
      email: { type: 'string', required: true },
      source: { type: 'string', required: true },
      subscribed_at: { type: 'string', required: true },
      unsubscribed_at: { type: 'string' },
      last_modified_at: { type: 'string', required: true },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['email'] },
        sk: { field: 'sk', composite: [] },
      },
      bySubscribedAt: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [] },
        sk: { field: 'gsi1sk', composite: ['subscribed_at'] },
      },
    },
  },
  entityConfig(),
);
