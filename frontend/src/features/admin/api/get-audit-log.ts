/** `GET /api/admin/audit-log?cursor=`: every admin action, newest first, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/audit-log', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
  });
}
