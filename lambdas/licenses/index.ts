/** The licences Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { licensesRoutes } from '../../contract/routes/licenses';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  licensesRoutes,
  {
    'get-license': () => import('./handlers/get-license').then((m) => m.getLicense),
    'list-my-licenses': () => import('./handlers/list-my-licenses').then((m) => m.listMyLicenses),
  },
  { loadProfile: loadCallerProfile },
);
