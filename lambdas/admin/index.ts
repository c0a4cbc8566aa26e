/** The admin Lambda: the dashboard's read-only overview through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'admin',
  {
    'get-overview': () => import('./handlers/get-overview').then((m) => m.getOverview),
  },
  { loadProfile: loadCallerProfile },
);
