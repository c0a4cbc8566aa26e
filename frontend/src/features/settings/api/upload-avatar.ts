/**
 * The Profile tab's picture upload: the same rules as preview images, checked here
 * first and again by the API; a presigned PUT straight to S3 (`POST /api/uploads/avatar`), then
 * `PUT /api/me/avatar` makes it the picture. Every view of the caller's profile shows the answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { imageFileProblem } from '@contract/uploads';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/lib/my-profile';

export const AVATAR_UPLOAD_FAILED_MESSAGE = 'Failed to upload the picture. Please try again.';

async function uploadAvatar(file: File) {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const grant = await api('POST /api/uploads/avatar', {
    body: { fileName: file.name, size: file.size, contentType: file.type },
  });
  const put = await fetch(grant.image.url, {
    method: 'PUT',
    headers: grant.image.headers,
    body: file,
  });
  if (!put.ok) throw new Error(AVATAR_UPLOAD_FAILED_MESSAGE);
  const { key, fileName, size, contentType } = grant.image;
  return api('PUT /api/me/avatar', {
    body: { uploadId: grant.uploadId, image: { key, fileName, size, contentType } },
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.me, profile),
  });
}
