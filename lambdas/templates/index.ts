/**
 * The templates Lambda: a seller's template routes (register, versions, edit, My MVPs, …) and the
 * admin's MVP reviews.
 */
import { loadCallerProfile } from '../profiles/profile-loader';
import { templatesRoutes } from '../../contract/routes/templates';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  templatesRoutes,
  {
    'create-mvp': () => import('./handlers/create-mvp').then((m) => m.createMvp),
    'create-version': () => import('./handlers/create-version').then((m) => m.createVersion),
    'get-managed-mvp': () => import('./handlers/get-managed-mvp').then((m) => m.getManagedMvp),
    'update-mvp': () => import('./handlers/update-mvp').then((m) => m.updateMvp),
    'withdraw-version': () => import('./handlers/withdraw-version').then((m) => m.withdrawVersion),
    'retry-processing': () => import('./handlers/retry-processing').then((m) => m.retryProcessing),
    'archive-mvp': () => import('./handlers/archive-mvp').then((m) => m.archiveMvp),
    'list-my-mvps': () => import('./handlers/list-my-mvps').then((m) => m.listMyMvps),
    'list-recent-downloads': () =>
      import('./handlers/list-recent-downloads').then((m) => m.listRecentDownloads),
    'list-pending-mvps': () =>
      import('./handlers/list-pending-mvps').then((m) => m.listPendingMvps),
    'approve-mvp': () => import('./handlers/approve-mvp').then((m) => m.approveMvp),
    'reject-mvp': () => import('./handlers/reject-mvp').then((m) => m.rejectMvp),
  },
  { loadProfile: loadCallerProfile },
);
