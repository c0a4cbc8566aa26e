/**
 * The templates Lambda: a seller's template routes (register, versions, edit, My MVPs, Rebuild, …)
 * and the admin's MVP reviews.
 */
import { loadCallerProfile } from '../profiles/profile-loader';
import { templatesRoutes } from '../../contract/routes/templates';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  templatesRoutes,
  {
    'create-mvp': () => import('./handlers/create-mvp').then((m) => m.createTemplate),
    'create-version': () => import('./handlers/create-version').then((m) => m.createVersion),
    'get-managed-mvp': () => import('./handlers/get-managed-mvp').then((m) => m.getManagedTemplate),
    'update-mvp': () => import('./handlers/update-mvp').then((m) => m.updateTemplate),
    'withdraw-version': () => import('./handlers/withdraw-version').then((m) => m.withdrawVersion),
    'retry-processing': () => import('./handlers/retry-processing').then((m) => m.retryProcessing),
    'archive-mvp': () => import('./handlers/archive-mvp').then((m) => m.archiveTemplate),
    'list-my-mvps': () => import('./handlers/list-my-mvps').then((m) => m.listMyTemplates),
    'list-recent-downloads': () =>
      import('./handlers/list-recent-downloads').then((m) => m.listRecentDownloads),
    'list-pending-mvps': () =>
      import('./handlers/list-pending-mvps').then((m) => m.listPendingTemplates),
    'approve-mvp': () => import('./handlers/approve-mvp').then((m) => m.approveTemplate),
    'reject-mvp': () => import('./handlers/reject-mvp').then((m) => m.rejectTemplate),
    'rebuild-mvp': () => import('./handlers/retry-processing').then((m) => m.rebuildTemplate),
  },
  { loadProfile: loadCallerProfile },
);
