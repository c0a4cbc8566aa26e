/** The refunds Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'refunds',
  {
    'create-refund-request': () =>
      import('./handlers/create-refund-request').then((m) => m.createRefundRequest),
    'list-refund-requests': () =>
      import('./handlers/list-refund-requests').then((m) => m.listRefundRequests),
  },
  { loadProfile: loadCallerProfile },
);
