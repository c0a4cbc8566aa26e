/**
 * `GET /api/admin/newsletter-subscribers?status=&cursor=`: addresses newest first, a page at a
 * time (Load more follows the cursor until it is `null`).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { NewsletterSubscriberStatus } from '@contract/admin-newsletter';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useNewsletterSubscribers(status: NewsletterSubscriberStatus) {
  return useInfiniteQuery({
    queryKey: adminKeys.newsletterSubscribers(status),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/newsletter-subscribers', {
        query: { status, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
  });
}
