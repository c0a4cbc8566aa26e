/** The notifications Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { getUnreadCount } from './handlers/get-unread-count';
import { listNotifications } from './handlers/list-notifications';
import { markAllNotificationsRead } from './handlers/mark-all-notifications-read';
import { markNotificationRead } from './handlers/mark-notification-read';

export const handler = createHttpHandler('notifications', {
  'list-notifications': listNotifications,
  'get-unread-count': getUnreadCount,
  'mark-notification-read': markNotificationRead,
  'mark-all-notifications-read': markAllNotificationsRead,
});
