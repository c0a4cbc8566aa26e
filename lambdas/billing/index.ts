/** The billing Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { billingRoutes } from '../../contract/routes/billing';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  billingRoutes,
  {
    'list-subscriptions': () =>
      import('./handlers/list-subscriptions').then((m) => m.listSubscriptions),
    'get-current-subscription': () =>
      import('./handlers/get-current-subscription').then((m) => m.getCurrentSubscription),
    'update-current-subscription': () =>
      import('./handlers/update-current-subscription').then((m) => m.updateCurrentSubscription),
    'list-plans': () => import('./handlers/list-plans').then((m) => m.listPlans),
    'create-checkout-session': () =>
      import('./handlers/create-checkout-session').then((m) => m.createCheckoutSession),
    'get-checkout-status': () =>
      import('./handlers/get-checkout-status').then((m) => m.getCheckoutStatus),
    'create-billing-portal-session': () =>
      import('./handlers/create-billing-portal-session').then((m) => m.createBillingPortalSession),
    'assign-enterprise-plan': () =>
      import('./handlers/assign-enterprise-plan').then((m) => m.assignEnterprisePlan),
    'receive-stripe-webhook': () =>
      import('./handlers/receive-stripe-webhook').then((m) => m.receiveStripeWebhook),
    'get-connect-status': () =>
      import('./handlers/get-connect-status').then((m) => m.getConnectStatus),
    'create-connect-account-link': () =>
      import('./handlers/create-connect-account-link').then((m) => m.createConnectAccountLink),
  },
  { loadProfile: loadCallerProfile },
);
