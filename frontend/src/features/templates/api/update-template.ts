/**
 * Saving the edit form: a replaced file or images straight to S3 first (when there are any), then
 * `PATCH /api/mvps/{id}`. My MVPs shows the saved template at once and reads its list again; the
 * template's manage entry is dropped, so the next edit starts from the saved one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateFieldValues, MyTemplatesResult } from '@contract/templates';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';
import { SENT_SHARE, uploadWithProgress } from './upload-files';

export interface TemplateChanges {
  fields: TemplateFieldValues;
  version_number: string;
  changelog: string;
  /** A replacement bundle, if chosen. */
  bundle: File | undefined;
  /** Replacement preview images (all of them), if chosen. */
  images: File[];
}

export function useUpdateTemplate(
  templateId: string,
  onProgress: (percent: number | null) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, version_number, changelog, bundle, images }: TemplateChanges) => {
      onProgress(0);
      const uploaded =
        bundle || images.length > 0
          ? await uploadWithProgress({ bundle, images }, onProgress)
          : null;
      onProgress(SENT_SHARE);
      const result = await api('PATCH /api/mvps/{id}', {
        params: { id: templateId },
        body: {
          ...(uploaded ? { uploadId: uploaded.uploadId } : {}),
          fields,
          version_number,
          changelog,
          ...(uploaded?.bundle ? { bundle: uploaded.bundle } : {}),
          ...(uploaded && uploaded.images.length > 0 ? { images: uploaded.images } : {}),
        },
      });
      onProgress(100);
      return result;
    },
    // The bar goes away when it fails; the page says why.
    onError: () => onProgress(null),
    onSuccess: (result) => {
      queryClient.setQueryData<MyTemplatesResult>(templateKeys.mine, (current) =>
        current
          ? {
              ...current,
              items: current.items.map((item) => (item.id === result.mvp.id ? result.mvp : item)),
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: templateKeys.mine });
      queryClient.removeQueries({ queryKey: templateKeys.managed(templateId) });
    },
  });
}
