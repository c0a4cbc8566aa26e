/**
 * A new template: its files straight to S3, then `POST /api/mvps` registers them (pending_review)
 * and processing starts. `onProgress` moves the page's bar (0–100; `null` hides it again).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateFieldValues } from '@contract/templates';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';
import { uploadWithProgress } from './upload-files';

export interface NewTemplate {
  fields: TemplateFieldValues;
  bundle: File;
  images: File[];
}

export function useCreateTemplate(onProgress: (percent: number | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, bundle, images }: NewTemplate) => {
      onProgress(0);
      const uploaded = await uploadWithProgress({ bundle, images }, onProgress);
      const result = await api('POST /api/mvps', {
        body: {
          uploadId: uploaded.uploadId,
          fields,
          bundle: uploaded.bundle!,
          images: uploaded.images,
        },
      });
      onProgress(100);
      return result;
    },
    // The bar goes away when it fails; the page says why.
    onError: () => onProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.mine }),
  });
}
