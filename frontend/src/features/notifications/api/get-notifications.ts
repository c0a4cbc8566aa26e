/**
 * `GET /api/notifications[?unread=true][&cursor=…]`: the caller's notifications, newest first, in
 * pages of 50. The page asks for the next page with the cursor the previous one returned.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/notifications', {
        query: {
          ...(unreadOnly ? { unread: 'true' as const } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    // A null cursor is the API's "no more pages".
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
  });
}
