/**
 * Notification: per user, newest first (docs/data-model.md, section 3.7).
 *
 * - byUser (table):  pk `user_id`, sk `id` (ULID)  → list newest first; mark one read (the key is the
 *   ownership check: a caller can only address their own partition)
 * - unread (gsi1):   same keys, only while `read` is false (sparse by condition) → unread-only list
 *
 * The data layer re-evaluates the index condition on every write with the attributes given to that
 * call, so every write must pass `read` (the repository has exactly two writes: create and mark read).
 */
import type { NOTIFICATION_TYPES } from '../../../../contract/notifications';
import { defineEntity } from '../entity';

export { NOTIFICATION_TYPES, type NotificationType } from '../../../../contract/notifications';
export interface NotificationItem {
  user_id: string;
  id: string;
  type: (typeof NOTIFICATION_TYPES)[number];
  message: string;
  link?: string;
  read: boolean;
  created_at: string;
  /** Set when read: read notifications expire 180 days later (TTL, epoch seconds). */
  expires_at?: number;
}

export const NotificationEntity = defineEntity<NotificationItem>()({
  entity: 'notification',
  version: '1',
  defaults: { read: false },
  indexes: {
    byUser: { pk: ['user_id'], sk: ['id'] },
    unread: {
      index: 'gsi1',
      pk: ['user_id'],
      sk: ['id'],
      condition: (attributes) => attributes.read === false,
    },
  },
});
