/**
 * `GET /api/notifications/unread-count`: the bell's number, polled every 60 s and
 * read again after the user's own mark-read actions.
 */
import { useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '@contract/notification-bell';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => api('GET /api/notifications/unread-count', { signal }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
  });
}
