/**
 * Notification: per user, newest first (docs/data-model.md §3.7).
 *
 * - byUser (table):  pk `user_id`, sk `id` (ULID)  → list newest first; mark one read (the key is the
 *   ownership check: a caller can only address their own partition)
 * - unread (gsi1):   same keys, only while `read` is false (sparse by condition) → unread-only list
 *
 * ElectroDB re-evaluates the index condition on every write with the attributes given to that call,
 * so every write must pass `read` (the repository has exactly two writes: create and mark read).
 */
import { Entity } from 'electrodb';
import { NOTIFICATION_TYPES } from '../../contracts/notifications';
import { SERVICE, entityConfig } from '../entity-config';

export { NOTIFICATION_TYPES, type NotificationType } from '../../contracts/notifications';

export const NotificationEntity = new Entity(
  {
    model: { entity: 'notification', version: '1', service: SERVICE },
    attributes: {
      user_id: { type: 'string', required: true },
      id: { type: 'string', required: true },
      type: { type: NOTIFICATION_TYPES, required: true },
      message: { type: 'string', required: true },
      link: { type: 'string' },
      read: { type: 'boolean', required: true, default: false },
      created_at: { type: 'string', required: true },
      /** Set when read: read notifications expire 180 days later (TTL, epoch seconds). */
      expires_at: { type: 'number' },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['user_id'] },
        sk: { field: 'sk', composite: ['id'] },
      },
      unread: {
        index: 'gsi1',
        condition: (attributes) => attributes.read === false,
        pk: { field: 'gsi1pk', composite: ['user_id'] },
        sk: { field: 'gsi1sk', composite: ['id'] },
      },
    },
  },
  entityConfig(),
);
