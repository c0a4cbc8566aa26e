/** The reviews Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { reviewsRoutes } from '../../contract/routes/reviews';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  reviewsRoutes,
  {
    'list-reviews': () => import('./handlers/list-reviews').then((m) => m.listReviews),
    'submit-review': () => import('./handlers/submit-review').then((m) => m.submitReview),
    'get-my-review': () => import('./handlers/get-my-review').then((m) => m.getMyReview),
    'delete-my-review': () => import('./handlers/delete-my-review').then((m) => m.deleteMyReview),
  },
  { loadProfile: loadCallerProfile },
);
