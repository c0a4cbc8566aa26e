/** The uploads Lambda: presigned upload grants, through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { uploadsRoutes } from '../../contract/routes/uploads';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  uploadsRoutes,
  {
    'create-upload': () => import('./handlers/create-upload').then((m) => m.createUpload),
    'create-avatar-upload': () =>
      import('./handlers/create-avatar-upload').then((m) => m.createAvatarUpload),
  },
  { loadProfile: loadCallerProfile },
);
