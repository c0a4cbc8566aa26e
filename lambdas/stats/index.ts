/** The stats Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'stats',
  {
    'get-home-stats': () => import('./handlers/get-home-stats').then((m) => m.getHomeStatsHandler),
  },
  { loadProfile: loadCallerProfile },
);
