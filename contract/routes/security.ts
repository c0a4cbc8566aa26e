/** Security reports of template versions: dependencies and the advisories that affect them. */
import type { SecurityReport } from '../security';
import { defineRoutes, route } from './table';

export const securityRoutes = defineRoutes('security', {
  'GET /api/mvps/{id}/security': route<{ response: SecurityReport }>({
    operation: 'get-live-report',
    access: 'public',
    summary: "The live version's security report of an approved template (the template page).",
  }),
  'GET /api/mvps/{id}/versions/{versionId}/security': route<{ response: SecurityReport }>({
    operation: 'get-version-report',
    access: 'owner-or-admin',
    summary:
      "Any version's security report, for the template's seller or an admin (403 otherwise).",
  }),
  'GET /api/mvps/{id}/security/newest': route<{ response: SecurityReport }>({
    operation: 'get-newest-report',
    access: 'owner-or-admin',
    summary:
      "The newest version's security report (live, in review, or never live), for the template's seller or an admin.",
  }),
});
