/** The downloads Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { downloadsRoutes } from '../../contract/routes/downloads';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  downloadsRoutes,
  {
    'download-template': () =>
      import('./handlers/download-template').then((m) => m.downloadTemplate),
    'get-download-status': () =>
      import('./handlers/get-download-status').then((m) => m.getDownloadStatus),
    'get-template-file-content': () =>
      import('./handlers/get-template-file-content').then((m) => m.getTemplateFileContent),
    'get-template-file-image': () =>
      import('./handlers/get-template-file-image').then((m) => m.getTemplateFileImage),
    'list-template-files': () =>
      import('./handlers/list-template-files').then((m) => m.listTemplateFiles),
    'list-my-downloads': () =>
      import('./handlers/list-my-downloads').then((m) => m.listMyDownloads),
  },
  { loadProfile: loadCallerProfile },
);
