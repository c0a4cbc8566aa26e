/** The audit Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { auditRoutes } from '../../contract/routes/audit';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  auditRoutes,
  {
    'list-audit-log': () => import('./handlers/list-audit-log').then((m) => m.listAuditLog),
  },
  { loadProfile: loadCallerProfile },
);
