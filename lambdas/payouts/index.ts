/** The payouts Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { payoutsRoutes } from '../../contract/routes/payouts';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  payoutsRoutes,
  {
    'list-my-payouts': () => import('./handlers/list-my-payouts').then((m) => m.listMyPayouts),
    'list-payouts-by-status': () =>
      import('./handlers/list-payouts-by-status').then((m) => m.listPayoutsByStatus),
    'process-payout': () => import('./handlers/process-payout').then((m) => m.processPayout),
    'list-payout-runs': () => import('./handlers/list-payout-runs').then((m) => m.listPayoutRuns),
    'run-payouts-for-month': () =>
      import('./handlers/run-payouts-for-month').then((m) => m.runPayoutsForMonth),
    'create-connect-login-link': () =>
      import('./handlers/create-connect-login-link').then((m) => m.createConnectLoginLink),
  },
  { loadProfile: loadCallerProfile },
);
