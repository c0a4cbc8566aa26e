/** `PATCH /api/me`: the Profile tab's save. Every view of the caller's profile shows the answer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@contract/profile-update';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/lib/my-profile';

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api('PATCH /api/me', { body: update }),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.me, profile),
  });
}
