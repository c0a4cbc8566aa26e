/**
 * The pictures of the newest build: `GET /api/mvps/{id}/build/screenshots/{viewport}` (the PNG,
 * fetched with the caller's token and shown through an object URL, so it never sits at an
 * address someone else could open) and Add to gallery,
 * `POST /api/mvps/{id}/build/screenshots/{viewport}/gallery`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CaptureViewport } from '@contract/design/capture';
import { api } from '@/lib/api-client';
import { apiDownload } from '@/lib/api-download';
import { catalogKeys } from '@/features/catalog';
import { templateKeys } from '@/features/templates';
import { buildKeys } from './keys';

/** The picture as an object URL (null while it loads), released when it is not shown any more. */
export function useBuildPicture(
  templateId: string,
  viewport: CaptureViewport,
  /** Which build's picture: a rebuild of the same version takes a new one under the same key. */
  build: { versionId: string; finishedAt: string | null },
) {
  const query = useQuery({
    queryKey: [
      ...buildKeys.newest(templateId),
      'picture',
      build.versionId,
      build.finishedAt,
      viewport,
    ],
    queryFn: ({ signal }) =>
      apiDownload('GET /api/mvps/{id}/build/screenshots/{viewport}', {
        params: { id: templateId, viewport },
        signal,
      }).then((file) => file.blob),
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return undefined;
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { url, isError: query.isError, error: query.error };
}

export function useAddPictureToGallery(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewport: CaptureViewport) =>
      api('POST /api/mvps/{id}/build/screenshots/{viewport}/gallery', {
        params: { id: templateId, viewport },
      }),
    // The report says which pictures the gallery has; the edit form and the template's own page
    // show the gallery.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buildKeys.newest(templateId), exact: true }),
        queryClient.invalidateQueries({ queryKey: templateKeys.managed(templateId) }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.detail(templateId) }),
      ]),
  });
}
