/** `GET /api/mvps/{id}/reviews`: the reviews of a template, newest first, with its average. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './keys';

export function useReviews(templateId: string) {
  return useQuery({
    queryKey: reviewKeys.list(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/reviews', { params: { id: templateId }, signal }),
  });
}
