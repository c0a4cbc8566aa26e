/** Security alerts: which templates' vulnerability alerts the caller receives. */
import type * as z from 'zod';
import type {
  LiveTemplateAdvisoriesList,
  SecurityAlertSetting,
  SecurityAlertSettings,
  updateSecurityAlertSchema,
} from '../security-alerts';
import { defineRoutes, route } from './table';

export const securityAlertsRoutes = defineRoutes('security-alerts', {
  'GET /api/my/security-alerts': route<{ response: SecurityAlertSettings }>({
    operation: 'list-security-alert-settings',
    access: 'user',
    summary:
      'The templates the caller downloaded or deployed, each with its security alert switch.',
  }),
  'PUT /api/my/security-alerts/{id}': route<{
    body: z.input<typeof updateSecurityAlertSchema>;
    response: SecurityAlertSetting;
  }>({
    operation: 'update-security-alert-setting',
    access: 'user',
    summary:
      'Turn security alerts of one template the caller downloaded or deployed on or off (404 for any other).',
  }),
  'GET /api/admin/security-advisories': route<{ response: LiveTemplateAdvisoriesList }>({
    operation: 'list-live-advisories',
    access: 'admin',
    summary:
      'Every live template whose live version has known vulnerabilities, with its advisories and how many buyers hold it (admins only).',
  }),
});
