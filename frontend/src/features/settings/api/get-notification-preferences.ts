/** `GET /api/my/notification-preferences`: the caller's e-mail switch of every notification type. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export function useNotificationPreferences() {
  return useQuery({
    queryKey: settingsKeys.notificationPreferences(),
    queryFn: ({ signal }) => api('GET /api/my/notification-preferences', { signal }),
  });
}
