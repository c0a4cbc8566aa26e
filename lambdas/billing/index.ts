/** The billing Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'billing',
  {
    'list-subscriptions': () =>
      import('./handlers/list-subscriptions').then((m) => m.listSubscriptions),
    'get-current-subscription': () =>
      import('./handlers/get-current-subscription').then((m) => m.getCurrentSubscription),
  },
  { loadProfile: loadCallerProfile },
);
