/** The disputes Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'disputes',
  {
    'create-dispute': () => import('./handlers/create-dispute').then((m) => m.createDispute),
    'list-disputes': () => import('./handlers/list-disputes').then((m) => m.listDisputes),
    'get-dispute': () => import('./handlers/get-dispute').then((m) => m.getDispute),
  },
  { loadProfile: loadCallerProfile },
);
