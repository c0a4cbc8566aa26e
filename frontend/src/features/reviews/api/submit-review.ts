/**
 * `POST /api/mvps/{id}/reviews`: create or replace the caller's review. Afterwards the list and the
 * template's average (detail page) are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput, SubmitReviewResult } from '@contracts/reviews';
import { apiRequest } from '../../../lib/api-client';

export function submitReview(mvpId: string, input: ReviewInput): Promise<SubmitReviewResult> {
  return apiRequest<SubmitReviewResult>(`/mvps/${encodeURIComponent(mvpId)}/reviews`, {
    method: 'POST',
    body: input,
  });
}

export function useSubmitReview(mvpId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => submitReview(mvpId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reviews', mvpId] }),
        queryClient.invalidateQueries({ queryKey: ['mvps', 'detail', mvpId] }),
      ]),
  });
}
