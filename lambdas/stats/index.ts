/** The stats Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { statsRoutes } from '../../contract/routes/stats';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  statsRoutes,
  {
    'get-home-stats': () => import('./handlers/get-home-stats').then((m) => m.getHomeStatsHandler),
    'get-health': () => import('./handlers/get-health').then((m) => m.getHealthHandler),
    'get-admin-analytics': () =>
      import('./handlers/get-admin-analytics').then((m) => m.getAdminAnalyticsHandler),
  },
  { loadProfile: loadCallerProfile },
);
