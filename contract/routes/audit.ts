/** The admin audit log. */
import type { AuditLogPage } from '../audit';
import { defineRoutes, route } from './table';

export const auditRoutes = defineRoutes('audit', {
  'GET /api/admin/audit-log': route<{ query: { cursor?: string }; response: AuditLogPage }>({
    operation: 'list-audit-log',
    access: 'admin',
    summary: 'Every admin action (who, what, target, before and after, when), newest first.',
  }),
});
