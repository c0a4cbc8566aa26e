/** Downloads under the quota, their status, and the files of a bundle. */
import type {
  BundleFileContent,
  BundleFiles,
  DownloadResult,
  DownloadStatus,
  MyDownloadsPage,
  MyDownloadsQuery,
} from '../downloads';
import { defineRoutes, route } from './table';

export const downloadsRoutes = defineRoutes('downloads', {
  'POST /api/mvps/{id}/download': route<{ response: DownloadResult }>({
    operation: 'download-template',
    access: 'user',
    summary: 'Spend one download (atomic quota transaction) and get a short-lived URL of the file.',
  }),
  'GET /api/mvps/{id}/download-status': route<{ response: DownloadStatus }>({
    operation: 'get-download-status',
    access: 'user',
    summary: "Whether the caller downloaded this template, and the caller's downloads left.",
  }),
  'GET /api/mvps/{id}/files': route<{ response: BundleFiles }>({
    operation: 'list-template-files',
    access: 'public',
    summary:
      "The files inside an approved template's bundle (its scan manifest; older zips: the directory), with the README and package manifest.",
  }),
  'GET /api/mvps/{id}/files/content': route<{
    query: { path: string };
    response: BundleFileContent;
  }>({
    operation: 'get-template-file-content',
    access: 'user',
    summary:
      'One text file of the bundle from the code preview pack (one ranged read), for callers who may download the template; spends no quota.',
  }),
  /** Not JSON: the image itself, for an `<img>` (no token), so the URL is built with `apiUrl`. */
  'GET /api/mvps/{id}/files/image': route<{ query: { path: string }; response: Blob }>({
    operation: 'get-template-file-image',
    access: 'public',
    summary:
      "An image the template's README shows, from its bundle (images only, up to 3 MB, cacheable): public as the README is.",
  }),
  'GET /api/downloads': route<{ query: MyDownloadsQuery; response: MyDownloadsPage }>({
    operation: 'list-my-downloads',
    access: 'user',
    summary: "The caller's downloads, newest first, with the downloaded template's snapshot.",
  }),
});
