/**
 * `GET /api/my/security-alerts` and `PUT /api/my/security-alerts/{id}`: the templates the caller
 * downloaded or deployed, each with its security alert switch.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecurityAlertSettings } from '@contract/security-alerts';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export function useSecurityAlertSettings() {
  return useQuery({
    queryKey: settingsKeys.securityAlerts(),
    queryFn: ({ signal }) => api('GET /api/my/security-alerts', { signal }),
  });
}

export function useUpdateSecurityAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { mvpId: string; alerts: boolean }) =>
      api('PUT /api/my/security-alerts/{id}', {
        params: { id: change.mvpId },
        body: { alerts: change.alerts },
      }),
    onSuccess: (setting) =>
      queryClient.setQueryData<SecurityAlertSettings>(settingsKeys.securityAlerts(), (current) =>
        current
          ? {
              items: current.items.map((item) => (item.mvp_id === setting.mvp_id ? setting : item)),
            }
          : current,
      ),
  });
}
