/** The seller Lambda: the seller workspace's rows of the route table through the shared chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { archiveMvp } from './handlers/archive-mvp';
import { createMvp } from './handlers/create-mvp';
import { createUpload } from './handlers/create-upload';
import { createVersion } from './handlers/create-version';
import { getManagedMvp } from './handlers/get-managed-mvp';
import { listMyMvps } from './handlers/list-my-mvps';
import { listRecentDownloads } from './handlers/list-recent-downloads';
import { retryProcessing } from './handlers/retry-processing';
import { submitApplication } from './handlers/submit-application';
import { updateMvp } from './handlers/update-mvp';

export const handler = createHttpHandler('seller', {
  'submit-application': submitApplication,
  'create-upload': createUpload,
  'create-mvp': createMvp,
  'create-version': createVersion,
  'get-managed-mvp': getManagedMvp,
  'update-mvp': updateMvp,
  'retry-processing': retryProcessing,
  'archive-mvp': archiveMvp,
  'list-my-mvps': listMyMvps,
  'list-recent-downloads': listRecentDownloads,
});
