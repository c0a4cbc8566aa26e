/** The downloads Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { downloadsRoutes } from '../../contract/routes/downloads';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  downloadsRoutes,
  {
    'download-mvp': () => import('./handlers/download-mvp').then((m) => m.downloadTemplate),
    'get-download-status': () =>
      import('./handlers/get-download-status').then((m) => m.getDownloadStatus),
    'get-mvp-file-content': () =>
      import('./handlers/get-mvp-file-content').then((m) => m.getTemplateFileContent),
    'get-mvp-file-image': () =>
      import('./handlers/get-mvp-file-image').then((m) => m.getTemplateFileImage),
    'list-mvp-files': () => import('./handlers/list-mvp-files').then((m) => m.listTemplateFiles),
    'list-my-downloads': () =>
      import('./handlers/list-my-downloads').then((m) => m.listMyDownloads),
  },
  { loadProfile: loadCallerProfile },
);
