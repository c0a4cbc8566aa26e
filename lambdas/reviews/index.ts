/** The reviews Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { listReviews } from './handlers/list-reviews';
import { submitReview } from './handlers/submit-review';

export const handler = createHttpHandler('reviews', {
  'list-reviews': listReviews,
  'submit-review': submitReview,
});
