/**
 * `POST /api/mvps/{id}/download`: spends one download and returns a short-lived URL of the file.
 * On success the browser is sent to that URL (the answer is `Content-Disposition: attachment`, so
 * the page stays and the file is saved), and everything that shows the quota or counts refreshes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadResult } from '@contracts/downloads';
import { apiRequest } from '../../../lib/api-client';

export function downloadMvp(mvpId: string): Promise<DownloadResult> {
  return apiRequest<DownloadResult>(`/mvps/${encodeURIComponent(mvpId)}/download`, {
    method: 'POST',
  });
}

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

export function useDownloadMvp(mvpId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => downloadMvp(mvpId),
    onSuccess: (result) => {
      saveFromUrl(result.url, result.fileName);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['downloads'] }),
        queryClient.invalidateQueries({ queryKey: ['mvps', 'detail', mvpId] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}
