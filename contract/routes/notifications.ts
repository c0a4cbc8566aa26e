/** In-app notifications, their read state, and the e-mail preferences behind them. */
import type * as z from 'zod';
import type {
  emailUnsubscribeRequestSchema,
  EmailUnsubscribeResult,
  NotificationPreferences,
  updateNotificationPreferencesSchema,
} from '../notification-preferences';
import type {
  MarkAllReadResult,
  notificationListQuerySchema,
  NotificationPage,
  NotificationReadResult,
  UnreadCount,
} from '../notifications';
import { defineRoutes, route } from './table';

export const notificationsRoutes = defineRoutes('notifications', {
  'GET /api/notifications': route<{
    query: z.input<typeof notificationListQuerySchema>;
    response: NotificationPage;
  }>({
    operation: 'list-notifications',
    access: 'user',
    summary: "The caller's notifications, newest first (unread=true for unread only).",
  }),
  'GET /api/notifications/unread-count': route<{ response: UnreadCount }>({
    operation: 'get-unread-count',
    access: 'user',
    summary: "The caller's unread notification count (the header bell).",
  }),
  'POST /api/notifications/{id}/read': route<{ response: NotificationReadResult }>({
    operation: 'mark-notification-read',
    access: 'user',
    summary: "Mark one of the caller's notifications read (idempotent).",
  }),
  'POST /api/notifications/read-all': route<{ response: MarkAllReadResult }>({
    operation: 'mark-all-notifications-read',
    access: 'user',
    summary: 'Mark every unread notification of the caller read.',
  }),
  'GET /api/my/notification-preferences': route<{ response: NotificationPreferences }>({
    operation: 'get-notification-preferences',
    access: 'user',
    summary: "The caller's e-mail switch of every notification type (receipts always on).",
  }),
  'PUT /api/my/notification-preferences': route<{
    body: z.input<typeof updateNotificationPreferencesSchema>;
    response: NotificationPreferences;
  }>({
    operation: 'update-notification-preferences',
    access: 'user',
    summary: "Turn some of the caller's notification e-mails on or off (never a receipt).",
  }),
  'POST /api/notifications/unsubscribe': route<{
    /** The page sends the body; a mail client's one-click POST puts `token` in the query. */
    body: z.input<typeof emailUnsubscribeRequestSchema>;
    response: EmailUnsubscribeResult;
  }>({
    operation: 'unsubscribe-notification-emails',
    access: 'public',
    summary:
      'Turn off one kind of notification e-mail with the signed token of such an e-mail (body or query: RFC 8058 one-click); idempotent.',
  }),
});
