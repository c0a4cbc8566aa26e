/** `GET /api/admin/contact-messages?status=&limit=`: the newest contact messages of one status. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContactStatus } from '@contract/contact';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useAdminContactMessages(status: ContactStatus, limit: number) {
  return useQuery({
    queryKey: adminKeys.contactMessages(status, limit),
    queryFn: async ({ signal }) =>
      (
        await api('GET /api/admin/contact-messages', {
          query: { status, limit: String(limit) },
          signal,
        })
      ).items,
    placeholderData: keepPreviousData,
  });
}
