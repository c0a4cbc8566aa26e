/** The profiles Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from './profile-loader';
import { profilesRoutes } from '../../contract/routes/profiles';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  profilesRoutes,
  {
    'get-my-profile': () => import('./handlers/get-my-profile').then((m) => m.getMyProfile),
    'update-my-profile': () =>
      import('./handlers/update-my-profile').then((m) => m.updateMyProfileHandler),
    'set-my-avatar': () => import('./handlers/set-my-avatar').then((m) => m.setMyAvatarHandler),
    'start-beta-session': () =>
      import('./handlers/start-beta-session').then((m) => m.startBetaSession),
    'list-admin-users': () => import('./handlers/list-admin-users').then((m) => m.listAdminUsers),
    'change-user-role': () => import('./handlers/change-user-role').then((m) => m.changeUserRole),
  },
  { loadProfile: loadCallerProfile },
);
