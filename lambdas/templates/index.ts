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
    'create-template': () => import('./handlers/create-template').then((m) => m.createTemplate),
    'create-version': () => import('./handlers/create-version').then((m) => m.createVersion),
    'get-managed-template': () =>
      import('./handlers/get-managed-template').then((m) => m.getManagedTemplate),
    'update-template': () => import('./handlers/update-template').then((m) => m.updateTemplate),
    'withdraw-version': () => import('./handlers/withdraw-version').then((m) => m.withdrawVersion),
    'retry-processing': () => import('./handlers/retry-processing').then((m) => m.retryProcessing),
    'archive-template': () => import('./handlers/archive-template').then((m) => m.archiveTemplate),
    'list-my-templates': () =>
      import('./handlers/list-my-templates').then((m) => m.listMyTemplates),
    'list-recent-downloads': () =>
      import('./handlers/list-recent-downloads').then((m) => m.listRecentDownloads),
    'list-pending-templates': () =>
      import('./handlers/list-pending-templates').then((m) => m.listPendingTemplates),
    'approve-template': () => import('./handlers/approve-template').then((m) => m.approveTemplate),
    'reject-template': () => import('./handlers/reject-template').then((m) => m.rejectTemplate),
    'rebuild-template': () => import('./handlers/retry-processing').then((m) => m.rebuildTemplate),
  },
  { loadProfile: loadCallerProfile },
);
