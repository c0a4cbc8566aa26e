/** The disputes Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { disputesRoutes } from '../../contract/routes/disputes';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  disputesRoutes,
  {
    'create-dispute': () => import('./handlers/create-dispute').then((m) => m.createDispute),
    'list-disputes': () => import('./handlers/list-disputes').then((m) => m.listDisputes),
    'get-dispute': () => import('./handlers/get-dispute').then((m) => m.getDispute),
    'list-disputes-by-status': () =>
      import('./handlers/list-disputes-by-status').then((m) => m.listDisputesByStatus),
    'start-dispute-review': () =>
      import('./handlers/start-dispute-review').then((m) => m.startDisputeReview),
    'resolve-dispute': () => import('./handlers/resolve-dispute').then((m) => m.resolveDispute),
  },
  { loadProfile: loadCallerProfile },
);
