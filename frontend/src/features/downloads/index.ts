// What the rest of the app may use of this feature; its other files are its own.
export { downloadedTemplates, useMyDownloads } from './api/get-my-downloads';
export { BundleFileTree } from './components/bundle-file-tree';
export { DownloadAgainButton } from './components/download-again-button';
export { DownloadPanel } from './components/download-panel';
