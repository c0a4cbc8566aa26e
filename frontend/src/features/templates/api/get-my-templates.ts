/** `GET /api/my/mvps`: the seller's own templates (every status but archived), with stats. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

/** While processing runs in the background, look again every 3 s. */
const PROCESSING_POLL_MS = 3_000;

export function useMyTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: templateKeys.mine,
    queryFn: ({ signal }) => api('GET /api/my/mvps', { signal }),
    enabled: options.enabled ?? true,
    // Processing moves templates between statuses in the background; look again while any waits.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending_review')
        ? PROCESSING_POLL_MS
        : false,
  });
}
