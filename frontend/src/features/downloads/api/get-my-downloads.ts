/**
 * `GET /api/downloads`: the caller's downloads, newest first (one page of up to 100). Used by the
 * dashboard's downloads list and, composed by the dispute route, for the templates a buyer may
 * dispute.
 */
import { useQuery } from '@tanstack/react-query';
import type { MyDownload, MyDownloadsPage } from '@contracts/downloads';
import { apiRequest } from '../../../lib/api-client';

export const MY_DOWNLOADS_LIMIT = 100;

export async function getMyDownloads(signal?: AbortSignal): Promise<MyDownload[]> {
  const query = new URLSearchParams({ limit: String(MY_DOWNLOADS_LIMIT) });
  const page = await apiRequest<MyDownloadsPage>('/downloads', { query, signal });
  return page.items;
}

export function useMyDownloads(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['downloads', 'mine'],
    queryFn: ({ signal }) => getMyDownloads(signal),
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
