/**
 * Notification rules shared by every domain that notifies a user (downloads, reviews, processing,
 * payouts). A notification and the user's unread counter always change together, in one
 * transaction, so the bell count is exact (docs/data-model.md §3.7).
 */
import { ulid } from 'ulid';
import { db } from '../shared/db/service';
import type { NotificationType } from '../shared/db/entities/notification';

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  message: string;
  /** A same-origin path the notification opens, e.g. `/mvp/01J…`. */
  link?: string;
}

type TransactionEntities = Parameters<Parameters<typeof db.transaction.write>[0]>[0];

/**
 * The two writes of one new notification, for callers that notify inside a larger transaction
 * (e.g. a download also notifies the seller): spread the result into the transaction's items.
 */
export const notificationWrites = (
  {
    notification,
    notificationCounter,
  }: Pick<TransactionEntities, 'notification' | 'notificationCounter'>,
  input: NotificationInput,
  now = new Date().toISOString(),
) => [
  notification
    .create({
      user_id: input.userId,
      id: ulid(),
      type: input.type,
      message: input.message,
      link: input.link,
      read: false,
      created_at: now,
    })
    .commit(),
  notificationCounter
    .update({ user_id: input.userId })
    .add({ unread_count: 1 })
    .set({ updated_at: now })
    .commit(),
];

/** Notifies one user on its own (a notification plus the unread count, atomically). */
export const notifyUser = async (input: NotificationInput): Promise<void> => {
  const result = await db.transaction.write((entities) => notificationWrites(entities, input)).go();
  if (result.canceled) throw new Error(`Notifying user ${input.userId} was cancelled.`);
};
