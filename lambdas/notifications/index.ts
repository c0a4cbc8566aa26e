/** The notifications Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { notificationsRoutes } from '../../contract/routes/notifications';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  notificationsRoutes,
  {
    'list-notifications': () =>
      import('./handlers/list-notifications').then((m) => m.listNotifications),
    'get-unread-count': () => import('./handlers/get-unread-count').then((m) => m.getUnreadCount),
    'mark-notification-read': () =>
      import('./handlers/mark-notification-read').then((m) => m.markNotificationRead),
    'mark-all-notifications-read': () =>
      import('./handlers/mark-all-notifications-read').then((m) => m.markAllNotificationsRead),
    'get-notification-preferences': () =>
      import('./handlers/get-notification-preferences').then((m) => m.getNotificationPreferences),
    'update-notification-preferences': () =>
      import('./handlers/update-notification-preferences').then(
        (m) => m.updateNotificationPreferences,
      ),
    'unsubscribe-notification-emails': () =>
      import('./handlers/unsubscribe-notification-emails').then(
        (m) => m.unsubscribeNotificationEmails,
      ),
  },
  { loadProfile: loadCallerProfile },
);
