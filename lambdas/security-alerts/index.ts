/** The security alerts Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { securityAlertsRoutes } from '../../contract/routes/security-alerts';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  securityAlertsRoutes,
  {
    'list-security-alert-settings': () =>
      import('./handlers/list-security-alert-settings').then((m) => m.listSecurityAlertSettings),
    'update-security-alert-setting': () =>
      import('./handlers/update-security-alert-setting').then((m) => m.updateSecurityAlertSetting),
    'list-live-advisories': () =>
      import('./handlers/list-live-advisories').then((m) => m.listLiveAdvisories),
  },
  { loadProfile: loadCallerProfile },
);
