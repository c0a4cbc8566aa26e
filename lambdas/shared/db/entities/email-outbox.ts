/**
 * EmailOutbox (docs/data-model.md, section 3.7): one item per notification still to be e-mailed, written
 * in the same transaction as the notification itself, so a notification is never committed
 * without its e-mail and never e-mailed without being committed. The notifications domain's sender
 * claims an item (a short lease), sends it through SES and deletes it; a failed send stays with a
 * later `next_attempt_at` and is retried by the next run.
 *
 * - byShard (table): pk `shard`, sk `id` (the notification's ULID) → "everything pending in one
 *   shard, oldest first" is one Query. Items spread over OUTBOX_SHARDS partitions by their id, so
 *   a burst of notifications (every download notifies its seller) does not write one partition;
 *   the sender reads every shard each run.
 *
 * LegacyEmailOutboxEntity is the key items had before the shards (pk none: the `$marketplace`
 * partition): nothing writes it any more; the sender still drains what it holds.
 *
 * `expires_at` (TTL) drops an item that could not be sent for a week: by then the e-mail is stale
 * and the in-app notification has long told the user.
 */
import type { NotificationType } from '../../../../contract/notifications';
import { defineEntity } from '../entity';

/** Partitions the outbox spreads over. */
export const OUTBOX_SHARDS = 8;

/** The `shard` of an item read from the partition of before the shards (never stored). */
export const UNSHARDED_OUTBOX = -1;

/**
 * An item's shard: spread as a random pick would be (a ULID ends in random characters), yet the
 * same for the same notification.
 */
export const outboxShardOf = (id: string): number =>
  [...id.slice(-4)].reduce((sum, char) => sum + char.charCodeAt(0), 0) % OUTBOX_SHARDS;

export interface EmailOutboxItem {
  /** 0 … OUTBOX_SHARDS - 1 ({@link outboxShardOf} of the id); UNSHARDED_OUTBOX for an older item. */
  shard: number;
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
    byShard: { pk: ['shard'], sk: ['id'] },
  },
});

/** Items written before the shards, in one partition: drained, never written. */
export const LegacyEmailOutboxEntity = defineEntity<Omit<EmailOutboxItem, 'shard'>>()({
  entity: 'emailOutbox',
  version: '1',
  defaults: { attempts: 0 },
  indexes: {
    byId: { pk: [], sk: ['id'] },
  },
});
