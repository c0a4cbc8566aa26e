/**
 * A new version of a template: the bundle straight to S3, then `POST /api/mvps/{id}/versions`
 * registers it with its changelog and processing runs again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';
import { uploadWithProgress } from './upload-files';

export interface NewVersion {
  version_number: string;
  changelog: string;
  bundle: File;
}

export function useCreateVersion(templateId: string, onProgress: (percent: number | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ version_number, changelog, bundle }: NewVersion) => {
      onProgress(0);
      const uploaded = await uploadWithProgress({ bundle, images: [] }, onProgress);
      const result = await api('POST /api/mvps/{id}/versions', {
        params: { id: templateId },
        body: { uploadId: uploaded.uploadId, version_number, changelog, bundle: uploaded.bundle! },
      });
      onProgress(100);
      return result;
    },
    // The page stays on its success message until it moves on, so its own entry (read by the
    // form on screen) is left alone; the next visit reads it again anyway.
    // The bar goes away when it fails; the page says why.
    onError: () => onProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.mine }),
  });
}
