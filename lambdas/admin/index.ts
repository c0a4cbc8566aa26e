/** The admin Lambda: the dashboard's read-only overview through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { adminRoutes } from '../../contract/routes/admin';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  adminRoutes,
  {
    'get-overview': () => import('./handlers/get-overview').then((m) => m.getOverview),
  },
  { loadProfile: loadCallerProfile },
);
