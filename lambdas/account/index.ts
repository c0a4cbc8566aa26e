/**
 * The account Lambda: the caller's own data (export, closure), how they show it (Success
 * Stories) and an admin's reset of a lost authenticator app: its rows of the route table.
 */
import { loadCallerProfile } from '../profiles/profile-loader';
import { accountRoutes } from '../../contract/routes/account';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  accountRoutes,
  {
    'export-my-data': () =>
      import('./handlers/export-my-data').then((m) => m.exportMyDataOperation),
    'close-my-account': () =>
      import('./handlers/close-my-account').then((m) => m.closeMyAccountOperation),
    'set-deployment-story': () =>
      import('./handlers/set-deployment-story').then((m) => m.setDeploymentStory),
    'list-stories': () => import('./handlers/list-stories').then((m) => m.listStories),
    'reset-user-mfa': () =>
      import('./handlers/reset-user-mfa').then((m) => m.resetUserMfaOperation),
  },
  { loadProfile: loadCallerProfile },
);
