/**
 * The seller applications Lambda: the wizard's routes, the admin queue and its decision, and the
 * Users tab's seller approval (one decision for both), through the shared chain.
 */
import { loadCallerProfile } from '../profiles/profile-loader';
import { sellerApplicationsRoutes } from '../../contract/routes/seller-applications';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  sellerApplicationsRoutes,
  {
    'submit-application': () =>
      import('./handlers/submit-application').then((m) => m.submitApplication),
    'get-my-application': () =>
      import('./handlers/get-my-application').then((m) => m.getMyApplication),
    'list-seller-applications': () =>
      import('./handlers/list-seller-applications').then((m) => m.listSellerApplications),
    'decide-seller-application': () =>
      import('./handlers/decide-seller-application').then((m) => m.decideSellerApplication),
    'set-seller-approval': () =>
      import('./handlers/set-seller-approval').then((m) => m.setSellerApproval),
  },
  { loadProfile: loadCallerProfile },
);
