/**
 * Notification data access: one function per access pattern (docs/data-model.md, section 3.7). Every key
 * includes the caller's `user_id`, so no function here can reach another user's notifications.
 *
 * Writes that change `read` always pass `read` (the unread index is sparse by condition and is
 * re-evaluated on every write with the attributes given).
 */
import {
  EmailOutboxEntity,
  LegacyEmailOutboxEntity,
  OUTBOX_SHARDS,
  UNSHARDED_OUTBOX,
  outboxShardOf,
  type EmailOutboxItem,
} from '../shared/db/entities/email-outbox';
import { NotificationEntity, type NotificationItem } from '../shared/db/entities/notification';
import { NotificationCounterEntity } from '../shared/db/entities/notification-counter';
import {
  NotificationPreferenceEntity,
  type NotificationPreferenceItem,
} from '../shared/db/entities/notification-preference';
import { isConditionFailure, writtenUnlessRefused } from '../shared/db/entity';
import { transactWrite, type TransactionResult } from '../shared/db/transaction';

export type { EmailOutboxItem, NotificationItem, NotificationPreferenceItem };

/** Read notifications expire this long after being read (TTL; docs/data-model.md, section 7). */
export const READ_RETENTION_SECONDS = 180 * 24 * 60 * 60;
/** Items per mark-all transaction: 99 patches + the counter = DynamoDB's 100-item limit. */
export const MARK_ALL_BATCH = 99;

export interface NotificationPageItems {
  items: NotificationItem[];
  cursor: string | null;
}

/** N2 / N3: the user's notifications (or only the unread ones), newest first. */
export const listNotifications = async (
  userId: string,
  options: { unreadOnly: boolean; limit: number; cursor?: string },
): Promise<NotificationPageItems> => {
  const query = options.unreadOnly
    ? NotificationEntity.query.unread({ user_id: userId })
    : NotificationEntity.query.byUser({ user_id: userId });
  const { data, cursor } = await query.go({
    order: 'desc',
    limit: options.limit,
    cursor: options.cursor ?? null,
  });
  return { items: data, cursor: cursor ?? null };
};

/** N4: the bell count; an absent counter is 0. */
export const getUnreadCount = async (userId: string): Promise<number> => {
  const { data } = await NotificationCounterEntity.get({ user_id: userId }).go();
  return data?.unread_count ?? 0;
};

/** One notification of the user (strongly consistent), or `null`. */
export const getNotification = async (
  userId: string,
  id: string,
): Promise<NotificationItem | null> => {
  const { data } = await NotificationEntity.get({ user_id: userId, id }).go({ consistent: true });
  return data;
};

const readPatch = (userId: string, id: string, now: Date) =>
  NotificationEntity.patch({ user_id: userId, id })
    .set({ read: true, expires_at: Math.floor(now.getTime() / 1000) + READ_RETENTION_SECONDS })
    .where(({ read }, { eq }) => eq(read, false));

const counterMove = (userId: string, delta: number, now: Date) =>
  NotificationCounterEntity.update({ user_id: userId })
    .add({ unread_count: delta })
    .set({ updated_at: now.toISOString() });

/** A new notification's fields (the item is unread; the count goes up with it). */
export interface NewNotification {
  userId: string;
  id: string;
  type: NotificationItem['type'];
  message: string;
  link?: string;
}

/** An outbox item that could not be sent for this long is dropped (TTL, see the entity). */
export const OUTBOX_RETENTION_SECONDS = 7 * 24 * 60 * 60;

const outboxItemOf = (
  input: NewNotification,
  now: string,
  leasedUntil?: string,
): EmailOutboxItem => ({
  shard: outboxShardOf(input.id),
  id: input.id,
  user_id: input.userId,
  type: input.type,
  message: input.message,
  ...(input.link !== undefined && { link: input.link }),
  created_at: now,
  attempts: 0,
  expires_at: Math.floor(Date.parse(now) / 1000) + OUTBOX_RETENTION_SECONDS,
  ...(leasedUntil !== undefined && { leased_until: leasedUntil }),
});

/**
 * N1: the three writes of a new notification, the item, the unread count +1 and its e-mail's
 * outbox entry (N7), for a transaction of the caller's (the other domains compose them through the
 * service's `notificationWrites`).
 */
export const newNotificationWrites = (
  input: NewNotification,
  now: string,
  leasedUntil?: string,
) => [
  EmailOutboxEntity.create(outboxItemOf(input, now, leasedUntil)),
  NotificationEntity.create({
    user_id: input.userId,
    id: input.id,
    type: input.type,
    message: input.message,
    link: input.link,
    read: false,
    created_at: now,
  }),
  NotificationCounterEntity.update({ user_id: input.userId })
    .add({ unread_count: 1 })
    .set({ updated_at: now }),
];

/**
 * N1 on its own: the notification, the count and the outbox entry, atomically; the entry is
 * written held until `leasedUntil` by the caller, who sends it at once.
 */
export const createNotification = async (
  input: NewNotification,
  now: string,
  leasedUntil: string,
): Promise<EmailOutboxItem> => {
  const result = await transactWrite({
    notification: newNotificationWrites(input, now, leasedUntil),
  });
  if (result.canceled) throw new Error(`Notifying user ${input.userId} was cancelled.`);
  return outboxItemOf(input, now, leasedUntil);
};

/**
 * N5: marks one unread notification read and lowers the counter, atomically. The result names
 * `notification` when that item's condition failed (already read or absent).
 */
export const markRead = async (userId: string, id: string): Promise<TransactionResult> => {
  const now = new Date();
  return transactWrite({
    notification: readPatch(userId, id, now),
    counter: counterMove(userId, -1, now),
  });
};

/** N3 ids only: the next batch of unread notification ids. */
export const listUnreadIds = async (userId: string, limit: number): Promise<string[]> => {
  const { data } = await NotificationEntity.query
    .unread({ user_id: userId })
    .go({ limit, attributes: ['id'] });
  return data.map((item) => item.id);
};

/** N6 (one batch): marks these unread notifications read and lowers the counter by their number. */
export const markManyRead = async (userId: string, ids: readonly string[]): Promise<boolean> => {
  const now = new Date();
  const result = await transactWrite({
    notifications: ids.map((id) => readPatch(userId, id, now)),
    counter: counterMove(userId, -ids.length, now),
  });
  return !result.canceled;
};

/** An outbox entry's key: its shard (UNSHARDED_OUTBOX for an item of before the shards) and id. */
export type OutboxKey = Pick<EmailOutboxItem, 'shard' | 'id'>;

/** The partitions the sender drains: every shard, then the one of before the shards. */
export const OUTBOX_PARTITIONS: readonly number[] = [
  ...Array.from({ length: OUTBOX_SHARDS }, (_, shard) => shard),
  UNSHARDED_OUTBOX,
];

/** The entity and key of an entry (the sharded key, or the one items had before the shards). */
const outboxEntry = ({ shard, id }: OutboxKey) =>
  shard === UNSHARDED_OUTBOX
    ? {
        patch: () => LegacyEmailOutboxEntity.patch({ id }),
        delete: () => LegacyEmailOutboxEntity.delete({ id }),
      }
    : {
        patch: () => EmailOutboxEntity.patch({ shard, id }),
        delete: () => EmailOutboxEntity.delete({ shard, id }),
      };

/**
 * N7: the oldest entries of one outbox partition due at `now` (not waiting for a retry, not held
 * by a sender), up to `limit`. Pages are read past entries that are not due, so entries that keep
 * failing never hold back newer ones.
 */
export const listDueOutbox = async (
  shard: number,
  now: string,
  limit: number,
): Promise<EmailOutboxItem[]> => {
  if (shard === UNSHARDED_OUTBOX) {
    const { data } = await LegacyEmailOutboxEntity.query
      .byId({})
      .where(
        ({ next_attempt_at, leased_until }, { notExists, lte, lt }) =>
          `(${notExists(next_attempt_at)} OR ${lte(next_attempt_at, now)}) AND (${notExists(leased_until)} OR ${lt(leased_until, now)})`,
      )
      .go({ limit, pages: 'all' });
    return data.map((item) => ({ ...item, shard }));
  }
  const { data } = await EmailOutboxEntity.query
    .byShard({ shard })
    .where(
      ({ next_attempt_at, leased_until }, { notExists, lte, lt }) =>
        `(${notExists(next_attempt_at)} OR ${lte(next_attempt_at, now)}) AND (${notExists(leased_until)} OR ${lt(leased_until, now)})`,
    )
    .go({ limit, pages: 'all' });
  return data;
};

/**
 * N8: takes an entry for one sender until `leasedUntil`, unless another sender holds it or it is
 * not due yet; `false` when it was not taken (or is gone: sent meanwhile).
 */
export const claimOutboxEntry = async (
  key: OutboxKey,
  now: string,
  leasedUntil: string,
): Promise<boolean> => {
  return writtenUnlessRefused(
    outboxEntry(key)
      .patch()
      .set({ leased_until: leasedUntil })
      .where(
        ({ leased_until }, { notExists, lt }) =>
          `${notExists(leased_until)} OR ${lt(leased_until, now)}`,
      )
      .where(
        ({ next_attempt_at }, { notExists, lte }) =>
          `${notExists(next_attempt_at)} OR ${lte(next_attempt_at, now)}`,
      ),
  );
};

/** N9: a sent (or deliberately skipped) entry leaves the outbox. */
export const deleteOutboxEntry = async (key: OutboxKey): Promise<void> => {
  await outboxEntry(key).delete().go();
};

/**
 * N10: a failed send: counted (unless `counted: false`: SES asked us to slow down, which is not
 * the entry's fault), the lease given back, tried again from `nextAttemptAt`.
 */
export const deferOutboxEntry = async (
  key: OutboxKey,
  nextAttemptAt: string,
  error: string,
  options: { counted?: boolean } = {},
): Promise<void> => {
  try {
    await outboxEntry(key)
      .patch()
      .add({ attempts: options.counted === false ? 0 : 1 })
      .set({ next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500) })
      .remove(['leased_until'])
      .go();
  } catch (failure) {
    if (!isConditionFailure(failure)) throw failure;
  }
};

/** N11: the user's e-mail switches, or `null` (every type at its default). */
export const getPreferences = async (
  userId: string,
): Promise<NotificationPreferenceItem | null> => {
  const { data } = await NotificationPreferenceEntity.get({ user_id: userId }).go({
    consistent: true,
  });
  return data;
};

/**
 * N12: replaces the user's switches if nobody changed them since `previous` was read (`null`:
 * none stored); `false` after such a race, for the caller to re-read and retry.
 */
export const savePreferences = async (
  item: NotificationPreferenceItem,
  previous: NotificationPreferenceItem | null,
): Promise<boolean> => {
  return writtenUnlessRefused(
    NotificationPreferenceEntity.put(item).where(({ updated_at }, { notExists, eq }) =>
      previous ? eq(updated_at, previous.updated_at) : notExists(updated_at),
    ),
  );
};

/** N13: every notification of a user and their unread counter go (their account's closure). */
export const deleteNotificationsOfUser = async (userId: string): Promise<number> => {
  const { data } = await NotificationEntity.query
    .byUser({ user_id: userId })
    .go({ pages: 'all', attributes: ['user_id', 'id'] });
  for (const item of data) {
    await NotificationEntity.delete({ user_id: item.user_id, id: item.id }).go();
  }
  await NotificationCounterEntity.delete({ user_id: userId }).go();
  return data.length;
};

/** N2, every page: the user's notifications, newest first (their data export). */
export const listAllNotifications = async (userId: string): Promise<NotificationItem[]> => {
  const { data } = await NotificationEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};
