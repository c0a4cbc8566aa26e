/**
 * `GET /api/mvps/{id}/preview`: a signed address of the live version's preview, and
 * `GET /api/mvps/{id}/preview/newest`: the newest version's, for its seller or an admin (before
 * approval too). Asked again a minute before it expires, so a page left open keeps a working frame
 * and link.
 */
import { useQuery } from '@tanstack/react-query';
import { previewRefreshDelayMs } from '@contract/previews';
import { api } from '@/lib/api-client';
import { buildKeys } from './keys';

export function useLivePreview(templateId: string) {
  return useQuery({
    queryKey: buildKeys.preview(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/preview', { params: { id: templateId }, signal }),
    // Fresh until it is about to expire; then asked again, even in a background tab.
    staleTime: (query) =>
      query.state.data ? previewRefreshDelayMs(query.state.data.expires_at) : 0,
    refetchInterval: (query) =>
      query.state.data ? previewRefreshDelayMs(query.state.data.expires_at) : false,
    refetchIntervalInBackground: true,
  });
}

/** The newest version's preview address (the edit page's Build section). */
export function useNewestPreview(templateId: string) {
  return useQuery({
    queryKey: buildKeys.newestPreview(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/preview/newest', { params: { id: templateId }, signal }),
    staleTime: (query) =>
      query.state.data ? previewRefreshDelayMs(query.state.data.expires_at) : 0,
    refetchInterval: (query) =>
      query.state.data ? previewRefreshDelayMs(query.state.data.expires_at) : false,
  });
}
