/**
 * `PATCH /api/subscriptions/current`: cancel at period end, resume, or switch plan (Stripe
 * prorates). The answer is the new view, put in the cache at once; the list and the profile (a
 * switch changes the quota) are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api-client';
import { profileKeys } from '@/lib/my-profile';
import { subscriptionKeys } from './keys';

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ApiBody<'PATCH /api/subscriptions/current'>) =>
      api('PATCH /api/subscriptions/current', { body: update }),
    onSuccess: (view) => {
      queryClient.setQueryData(subscriptionKeys.current, view);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.list }),
        queryClient.invalidateQueries({ queryKey: profileKeys.me }),
      ]),
  });
}
