/** `GET /api/mvps/{id}/reviews`: the reviews of a template, newest first, with its average. */
import { useQuery } from '@tanstack/react-query';
import type { ReviewList } from '@contracts/reviews';
import { apiRequest } from '../../../lib/api-client';

export function getReviews(mvpId: string, signal?: AbortSignal): Promise<ReviewList> {
  return apiRequest<ReviewList>(`/mvps/${encodeURIComponent(mvpId)}/reviews`, { signal });
}

export function useReviews(mvpId: string) {
  return useQuery({
    queryKey: ['reviews', mvpId],
    queryFn: ({ signal }) => getReviews(mvpId, signal),
  });
}
