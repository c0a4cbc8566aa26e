/**
 * `POST /api/mvps/{id}/download`: spends one download and returns a short-lived URL of the file.
 * On success the browser is sent to that URL (the answer is `Content-Disposition: attachment`, so
 * the page stays and the file is saved), and everything that shows the quota or counts refreshes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/lib/my-profile';
import { downloadKeys } from './keys';

/** Starts the file transfer from the presigned URL without leaving the page. */
export function saveFromUrl(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * @param onDownloaded refreshes what the page around shows (the template's download count); the
 *   detail page passes it, so this feature need not know the catalog's cache.
 */
export function useDownloadTemplate(templateId: string, onDownloaded?: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/mvps/{id}/download', { params: { id: templateId } }),
    onSuccess: (result) => {
      saveFromUrl(result.url, result.fileName);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: downloadKeys.all }),
        onDownloaded?.(),
        queryClient.invalidateQueries({ queryKey: profileKeys.me }),
      ]),
  });
}
