// What the rest of the app may use of this feature; its other files are its own.
export { useInstallGithubApp, useSyncRepository } from './api/github';
export { GithubAppCallbackView } from './components/github-app-callback-view';
export { GithubLinkDialog } from './components/github-link-dialog';
