/** The sellers Lambda (public seller pages): its rows of the route table. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'sellers',
  {
    'get-seller-profile': () =>
      import('./handlers/get-seller-profile').then((m) => m.getSellerProfile),
  },
  { loadProfile: loadCallerProfile },
);
