/**
 * EmailOutbox (docs/data-model.md, section 3.7): one item per notification still to be e-mailed, written
 * in the same transaction as the notification itself, so a notification is never committed
 * without its e-mail and never e-mailed without being committed. The notifications domain's sender
 * claims an item (a short lease), sends it through SES and deletes it; a failed send stays with a
 * later `next_attempt_at` and is retried by the next run.
 *
 * - byId (table): pk (none), sk `id` (the notification's ULID) → "everything pending, oldest
 *   first" is one Query. The outbox holds only what is not sent yet (seconds to minutes of
 *   notifications), so one partition is plenty.
 *
 * `expires_at` (TTL) drops an item that could not be sent for a week: by then the e-mail is stale
 * and the in-app notification has long told the user.
 */
import type { NotificationType } from '../../../../contract/notifications';
import { defineEntity } from '../entity';

export interface EmailOutboxItem {
  /** The notification's id (ULID, time-ordered). */
  id: string;
  user_id: string;
  type: NotificationType;
  message: string;
  link?: string;
  created_at: string;
  /** Failed sends so far. */
  attempts: number;
  /** ISO time before which the item is not tried again (absent: due now). */
  next_attempt_at?: string;
  /** ISO time until which one sender holds the item (absent or past: free). */
  leased_until?: string;
  /** The last failure, for the logs and an operator (never shown to a user). */
  last_error?: string;
  expires_at: number;
}

export const EmailOutboxEntity = defineEntity<EmailOutboxItem>()({
  entity: 'emailOutbox',
  version: '1',
  defaults: { attempts: 0 },
  indexes: {
    byId: { pk: [], sk: ['id'] },
  },
});
