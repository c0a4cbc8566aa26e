/**
 * `GET /api/notifications[?unread=true][&cursor=…]`: the caller's notifications, newest first, in
 * pages of 50. The page asks for the next page with the cursor the previous one returned.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@contracts/notifications';
import { apiRequest } from '../../../lib/api-client';

export function getNotifications(
  unreadOnly: boolean,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const query = new URLSearchParams();
  if (unreadOnly) query.set('unread', 'true');
  if (cursor) query.set('cursor', cursor);
  return apiRequest<NotificationPage>('/notifications', { query, signal });
}

export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: ['notifications', 'list', { unreadOnly }],
    queryFn: ({ pageParam, signal }) => getNotifications(unreadOnly, pageParam, signal),
    initialPageParam: null as string | null,
    // A null cursor is the API's "no more pages".
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
  });
}
