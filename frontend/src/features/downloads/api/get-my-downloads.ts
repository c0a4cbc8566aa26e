/**
 * `GET /api/downloads`: the caller's downloads, newest first (one page of up to 100). Used by the
 * dashboard's downloads list and, composed by the dispute route, for the templates a buyer may
 * dispute.
 */
import { useQuery } from '@tanstack/react-query';
import type { MyDownload } from '@contract/downloads';
import { api } from '@/lib/api-client';
import { downloadKeys } from './keys';

export const MY_DOWNLOADS_LIMIT = 100;

export function useMyDownloads(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: downloadKeys.mine,
    queryFn: async ({ signal }) => {
      const page = await api('GET /api/downloads', {
        query: { limit: String(MY_DOWNLOADS_LIMIT) },
        signal,
      });
      return page.items;
    },
    enabled: options.enabled ?? true,
  });
}

/** Each template once (its newest download first): the choices of the dispute form. */
export function downloadedTemplates(downloads: readonly MyDownload[]): MyDownload['mvp'][] {
  const seen = new Map<string, MyDownload['mvp']>();
  for (const download of downloads) {
    if (!seen.has(download.mvp_id))
      seen.set(download.mvp_id, { ...download.mvp, id: download.mvp_id });
  }
  return [...seen.values()];
}
