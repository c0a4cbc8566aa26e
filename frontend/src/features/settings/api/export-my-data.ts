/**
 * `GET /api/me/export`: the caller's own data as a JSON file, fetched with their token (a plain
 * link would carry none) and handed to the browser as a download.
 */
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveDownload } from '@/lib/api-download';

export function useExportMyData() {
  return useMutation({
    mutationFn: async () => {
      saveDownload(await apiDownload('GET /api/me/export'), 'my-marketplace-data.json');
    },
  });
}
