/** Query keys of the notifications domain; a mark-read refreshes everything under `all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', { unreadOnly }] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};
