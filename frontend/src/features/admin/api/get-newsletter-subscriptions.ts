/**
 * `GET /api/admin/newsletter-types/{id}/subscriptions?cursor=`: the users' subscriptions to one
 * type, latest change first, a page at a time; nothing is asked before a type is chosen.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useNewsletterSubscriptions(typeId: string | null) {
  return useInfiniteQuery({
    queryKey: adminKeys.newsletterSubscriptions(typeId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/newsletter-types/{id}/subscriptions', {
        params: { id: typeId ?? '' },
        query: { cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
    enabled: typeId !== null,
  });
}
