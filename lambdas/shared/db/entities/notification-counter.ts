/**
 * NotificationCounter: the bell's unread count, one item per user (docs/data-model.md, section 3.7).
 * Invariant: `unread_count` equals the user's notifications with `read = false`; every write that
 * creates an unread notification or marks one read changes it in the same transaction.
 */
import { defineEntity } from '../entity';

export interface NotificationCounterItem {
  user_id: string;
  unread_count: number;
  updated_at?: string;
}

export const NotificationCounterEntity = defineEntity<NotificationCounterItem>()({
  entity: 'notificationCounter',
  version: '1',
  defaults: { unread_count: 0 },
  indexes: {
    byUser: { pk: ['user_id'], sk: [] },
  },
});
