/** `PATCH /api/me`: the Profile tab's save. Refreshes every view of the caller's profile. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@contracts/profile';
import type { ProfileUpdate } from '@contracts/profile-update';
import { apiRequest } from '../../../lib/api-client';
import { myProfileKey } from '../../../lib/my-profile';

export function updateMyProfile(update: ProfileUpdate): Promise<Profile> {
  return apiRequest<Profile>('/me', { method: 'PATCH', body: update });
}

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (profile) => queryClient.setQueryData(myProfileKey, profile),
  });
}
