/**
 * The security Lambda: its rows of the route table through the shared HTTP chain (the versions'
 * security reports and their builds).
 */
import { loadCallerProfile } from '../profiles/profile-loader';
import { securityRoutes } from '../../contract/routes/security';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  securityRoutes,
  {
    'get-live-report': () =>
      import('./handlers/get-live-report').then((m) => m.getLiveReportOperation),
    'get-version-report': () =>
      import('./handlers/get-version-report').then((m) => m.getVersionReport),
    'get-newest-report': () =>
      import('./handlers/get-newest-report').then((m) => m.getNewestReport),
    'get-live-build': () =>
      import('./handlers/get-live-build').then((m) => m.getLiveBuildOperation),
    'get-newest-build': () => import('./handlers/get-newest-build').then((m) => m.getNewestBuild),
    'get-live-preview': () =>
      import('./handlers/get-live-preview').then((m) => m.getLivePreviewOperation),
    'get-newest-preview': () =>
      import('./handlers/get-newest-preview').then((m) => m.getNewestPreview),
    'get-build-screenshot': () =>
      import('./handlers/get-build-screenshot').then((m) => m.getBuildScreenshot),
  },
  { loadProfile: loadCallerProfile },
);
