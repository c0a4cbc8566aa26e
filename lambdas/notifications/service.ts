/**
 * Notification rules shared by every domain that notifies a user (downloads, reviews, processing,
 * payouts). A notification and the user's unread counter always change together, in one
 * transaction, so the bell count is exact (docs/data-model.md, section 3.7). The same transaction queues
 * the notification's e-mail (email-delivery.ts sends it, if the user wants that kind).
 */
import { ulid } from 'ulid';
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_MESSAGES,
  type MarkAllReadResult,
  type Notification,
  type NotificationPage,
  type NotificationType,
  type UnreadCount,
} from '../../contract/notifications';
import { NotFoundError } from '../shared/errors';
import { openCursor, sealCursor } from '../shared/http/cursor';
import { RETRY, retry } from '../shared/retry';
import {
  MARK_ALL_BATCH,
  createNotification,
  deleteNotificationsOfUser,
  getNotification,
  getUnreadCount,
  listAllNotifications,
  listNotifications,
  listUnreadIds,
  markManyRead,
  markRead,
  newNotificationWrites,
  type NotificationItem,
} from './repo';

/** Retries of a transaction that lost a race (docs/data-model.md, section 4). */
const MAX_CONFLICT_RETRIES = 3;

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  message: string;
  /** A same-origin path the notification opens, e.g. `/mvp/01J…`. */
  link?: string;
}

/**
 * The writes of one new notification (the item and the unread count), for callers that notify
 * inside a larger transaction (e.g. a download also notifies the seller): give the list one name
 * among the transaction's items.
 */
export const notificationWrites = (input: NotificationInput, now = new Date().toISOString()) =>
  newNotificationWrites({ ...input, id: ulid() }, now);

/**
 * Notifies one user on its own (a notification plus the unread count, atomically), and sends its
 * e-mail right away when it can (the schedule sends it otherwise).
 */
export const notifyUser = async (input: NotificationInput): Promise<void> => {
  const { LEASE_MS, deliverEmailSoon } = await import('./email-delivery');
  const now = new Date();
  const entry = await createNotification(
    { ...input, id: ulid() },
    now.toISOString(),
    new Date(now.getTime() + LEASE_MS).toISOString(),
  );
  await deliverEmailSoon(entry);
};

/**
 * After a caller's own transaction with {@link notificationWrites} committed: sends the e-mails
 * due now (that one's among them) at once, best effort; the schedule sends them otherwise.
 */
export const sendQueuedEmails = async (): Promise<void> => {
  const { SOON_BATCH, deliverPendingEmails } = await import('./email-delivery');
  await deliverPendingEmails({ limit: SOON_BATCH }).catch(() => undefined);
};

const toNotification = (item: NotificationItem): Notification => ({
  id: item.id,
  type: item.type,
  message: item.message,
  link: item.link ?? null,
  read: item.read,
  created_at: item.created_at,
});

/** The caller's notifications (or only unread ones), newest first, a page at a time. */
export const listMyNotifications = async (
  userId: string,
  options: { unreadOnly: boolean; cursor?: string },
): Promise<NotificationPage> => {
  // A cursor belongs to this caller and to this list (all or unread only).
  const binding = `notifications|${userId}|${options.unreadOnly ? 'unread' : 'all'}`;
  const page = await listNotifications(userId, {
    unreadOnly: options.unreadOnly,
    cursor: await openCursor(options.cursor, binding),
    limit: NOTIFICATIONS_PAGE_SIZE,
  });
  return {
    items: page.items.map(toNotification),
    cursor: await sealCursor(page.cursor, binding),
  };
};

/** The bell's count. Never negative, even if a counter were ever off. */
export const getMyUnreadCount = async (userId: string): Promise<UnreadCount> => ({
  unread_count: Math.max(0, await getUnreadCount(userId)),
});

/**
 * Marks one of the caller's notifications read. The key is `(caller, id)`, so another user's
 * notification is simply not found. Marking a read notification again changes nothing (the
 * condition `read = false` fails and nothing is written): the call is idempotent.
 */
export const markMyNotificationRead = async (userId: string, id: string): Promise<void> => {
  await retry(
    async () => {
      const outcome = await markRead(userId, id);
      if (!outcome.canceled) return;
      if (outcome.failed('notification') === 'ConditionalCheckFailed') {
        const current = await getNotification(userId, id);
        if (!current) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
        if (current.read) return;
      }
      return RETRY;
    },
    {
      attempts: 1 + MAX_CONFLICT_RETRIES,
      baseDelayMs: 0,
      exhausted: `Marking ${id} read kept conflicting.`,
    },
  );
};

/**
 * Marks every unread notification of the caller read, in batches of 99 (one transaction each,
 * with the counter). A batch that loses a race (an item read meanwhile) is re-read and retried.
 */
export const markAllMyNotificationsRead = async (userId: string): Promise<MarkAllReadResult> => {
  let marked = 0;
  for (;;) {
    // One batch: its unread ids, re-read after a lost race; 0 when none is left.
    const batch = await retry(
      async () => {
        const ids = await listUnreadIds(userId, MARK_ALL_BATCH);
        if (ids.length === 0) return 0;
        return (await markManyRead(userId, ids)) ? ids.length : RETRY;
      },
      {
        attempts: 1 + MAX_CONFLICT_RETRIES,
        baseDelayMs: 0,
        exhausted: 'Marking all notifications read kept conflicting.',
      },
    );
    if (batch === 0) return { marked };
    marked += batch;
  }
};

/** All of the user's notifications, newest first (their data export). */
export const listAllMyNotifications = async (userId: string) =>
  (await listAllNotifications(userId)).map(toNotification);

/** A closed account's notifications and bell counter go; returns how many notifications. */
export const deleteNotificationsOf = (userId: string): Promise<number> =>
  deleteNotificationsOfUser(userId);
