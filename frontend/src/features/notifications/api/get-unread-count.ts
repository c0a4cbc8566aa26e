/**
 * `GET /api/notifications/unread-count`: the bell's number, polled every 60 s (buyer spec §9) and
 * read again after the user's own mark-read actions.
 */
import { useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '@contracts/notification-bell';
import type { UnreadCount } from '@contracts/notifications';
import { apiRequest } from '../../../lib/api-client';

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiRequest<UnreadCount>('/notifications/unread-count', { signal });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'unread-count'],
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
  });
}
