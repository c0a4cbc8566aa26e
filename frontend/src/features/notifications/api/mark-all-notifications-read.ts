/** `POST /api/notifications/read-all`; the list and the bell refresh afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkAllReadResult } from '@contracts/notifications';
import { apiRequest } from '../../../lib/api-client';

export function markAllNotificationsRead(): Promise<MarkAllReadResult> {
  return apiRequest<MarkAllReadResult>('/notifications/read-all', { method: 'POST' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
