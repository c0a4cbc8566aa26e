/**
 * `GET /api/admin/users?role=&seller_approval=&search=&cursor=`: users newest first (a search in
 * the order of the matched e-mail or username, through the search index), a page at a time; Load
 * more follows the cursor until it is `null`.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUserRoleFilter, SellerApprovalFilter } from '@contract/admin-users';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface AdminUserFilter {
  role: AdminUserRoleFilter;
  approval: SellerApprovalFilter;
  /** Prefix of the e-mail or username; '' for none. */
  search: string;
}

export function useAdminUsers(filter: AdminUserFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(filter),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/users', {
        query: {
          role: filter.role,
          seller_approval: filter.approval,
          search: filter.search || undefined,
          cursor: pageParam,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
  });
}
