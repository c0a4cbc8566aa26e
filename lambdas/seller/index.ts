/** The seller Lambda: the seller workspace's rows of the route table through the shared chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'seller',
  {
    'submit-application': () =>
      import('./handlers/submit-application').then((m) => m.submitApplication),
    'create-upload': () => import('./handlers/create-upload').then((m) => m.createUpload),
    'create-mvp': () => import('./handlers/create-mvp').then((m) => m.createMvp),
    'create-version': () => import('./handlers/create-version').then((m) => m.createVersion),
    'get-managed-mvp': () => import('./handlers/get-managed-mvp').then((m) => m.getManagedMvp),
    'update-mvp': () => import('./handlers/update-mvp').then((m) => m.updateMvp),
    'retry-processing': () => import('./handlers/retry-processing').then((m) => m.retryProcessing),
    'archive-mvp': () => import('./handlers/archive-mvp').then((m) => m.archiveMvp),
    'list-my-mvps': () => import('./handlers/list-my-mvps').then((m) => m.listMyMvps),
    'list-recent-downloads': () =>
      import('./handlers/list-recent-downloads').then((m) => m.listRecentDownloads),
  },
  { loadProfile: loadCallerProfile },
);
