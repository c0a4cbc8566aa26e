/** `PUT /api/my/notification-preferences`: turn some notification e-mails on or off. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ApiBody<'PUT /api/my/notification-preferences'>) =>
      api('PUT /api/my/notification-preferences', { body: update }),
    onSuccess: (preferences) =>
      queryClient.setQueryData(settingsKeys.notificationPreferences(), preferences),
  });
}
