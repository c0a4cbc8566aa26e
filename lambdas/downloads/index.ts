/** The downloads Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { downloadMvp } from './handlers/download-mvp';
import { getDownloadStatus } from './handlers/get-download-status';
import { listMvpFiles } from './handlers/list-mvp-files';
import { listMyDownloads } from './handlers/list-my-downloads';

export const handler = createHttpHandler('downloads', {
  'download-mvp': downloadMvp,
  'get-download-status': getDownloadStatus,
  'list-mvp-files': listMvpFiles,
  'list-my-downloads': listMyDownloads,
});
