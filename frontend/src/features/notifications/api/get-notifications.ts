/** `GET /api/notifications[?unread=true]`: the caller's notifications, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@contracts/notifications';
import { apiRequest } from '../../../lib/api-client';

export function getNotifications(
  unreadOnly: boolean,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const query = unreadOnly ? new URLSearchParams({ unread: 'true' }) : undefined;
  return apiRequest<NotificationPage>('/notifications', { query, signal });
}

export function useNotifications(unreadOnly: boolean) {
  return useQuery({
    queryKey: ['notifications', 'list', { unreadOnly }],
    queryFn: ({ signal }) => getNotifications(unreadOnly, signal),
  });
}
