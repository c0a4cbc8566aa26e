/**
 * `POST /api/mvps/{id}/reviews`: create or replace the caller's review. Afterwards the list and the
 * template's average (detail page, through `onReviewed`) are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '@contract/reviews';
import { api } from '@/lib/api-client';
import { reviewKeys } from './keys';

export function useSubmitReview(templateId: string, onReviewed?: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      api('POST /api/mvps/{id}/reviews', { params: { id: templateId }, body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.list(templateId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.mine(templateId) }),
        onReviewed?.(),
      ]),
  });
}
