/**
 * The caller's own review of a template: `GET /api/mvps/{id}/reviews/mine` prefills the form,
 * `DELETE` removes it. After a change the list, the caller's review and the template's average
 * (detail page, through `onReviewed`) are read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './keys';

export function useMyReview(templateId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.mine(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/reviews/mine', { params: { id: templateId }, signal }),
    enabled,
  });
}

export function useDeleteMyReview(templateId: string, onReviewed?: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/mvps/{id}/reviews/mine', { params: { id: templateId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.list(templateId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.mine(templateId) }),
        onReviewed?.(),
      ]),
  });
}
