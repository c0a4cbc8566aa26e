/**
 * NotificationCounter: the bell's unread count, one item per user (docs/data-model.md §3.7).
 * Invariant: `unread_count` equals the user's notifications with `read = false`; every write that
 * creates an unread notification or marks one read changes it in the same transaction.
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const NotificationCounterEntity = new Entity(
  {
    model: { entity: 'notificationCounter', version: '1', service: SERVICE },
    attributes: {
      user_id: { type: 'string', required: true },
      unread_count: { type: 'number', required: true, default: 0 },
      updated_at: { type: 'string' },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['user_id'] },
        sk: { field: 'sk', composite: [] },
      },
    },
  },
  entityConfig(),
);
