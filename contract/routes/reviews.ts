/** Reviews of a template by the buyers who downloaded it. */
import type {
  DeleteReviewResult,
  MyReview,
  ReviewInput,
  ReviewList,
  SubmitReviewResult,
} from '../reviews';
import { defineRoutes, route } from './table';

export const reviewsRoutes = defineRoutes('reviews', {
  'GET /api/mvps/{id}/reviews': route<{ response: ReviewList }>({
    operation: 'list-reviews',
    access: 'public',
    summary: 'Reviews of an approved template, newest first, with its average rating.',
  }),
  'POST /api/mvps/{id}/reviews': route<{ body: ReviewInput; response: SubmitReviewResult }>({
    operation: 'submit-review',
    access: 'user',
    summary: "Create or replace the caller's review (one per buyer), exact rating counters.",
  }),
  'GET /api/mvps/{id}/reviews/mine': route<{ response: MyReview }>({
    operation: 'get-my-review',
    access: 'user',
    summary: "The caller's own review of an approved template (the form shows it), or null.",
  }),
  'DELETE /api/mvps/{id}/reviews/mine': route<{ response: DeleteReviewResult }>({
    operation: 'delete-my-review',
    access: 'user',
    summary: "Delete the caller's own review; its rating leaves the sums in the same transaction.",
  }),
});
