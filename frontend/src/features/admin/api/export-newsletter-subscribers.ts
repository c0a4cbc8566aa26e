/**
 * `GET /api/admin/newsletter-subscribers/export?status=`: the CSV, fetched with the admin's token
 * (a plain link would carry none) and handed to the browser as a download.
 */
import { useMutation } from '@tanstack/react-query';
import type { NewsletterSubscriberStatus } from '@contract/admin-newsletter';
import { apiDownload } from '@/lib/api-download';

/** Saves a Blob under `filename` through a temporary object URL. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function useExportNewsletterSubscribers() {
  return useMutation({
    mutationFn: async (status: NewsletterSubscriberStatus) => {
      const file = await apiDownload('GET /api/admin/newsletter-subscribers/export', {
        query: { status },
      });
      saveFile(file.blob, file.filename ?? 'subscribers.csv');
    },
  });
}
