/**
 * `GET /api/my/analytics/export`: the analytics as a CSV, fetched with the seller's token (a plain
 * link would carry none) and handed to the browser as a download.
 */
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveDownload } from '@/lib/api-download';

export function useExportSellerAnalytics() {
  return useMutation({
    mutationFn: async () => {
      saveDownload(await apiDownload('GET /api/my/analytics/export'), 'template-analytics.csv');
    },
  });
}
