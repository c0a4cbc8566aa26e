/**
 * The github Lambda: the seller's GitHub integration (App installation, repository link, Sync) and
 * the push webhook.
 */
import { loadCallerProfile } from '../profiles/profile-loader';
import { githubRoutes } from '../../contract/routes/github';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  githubRoutes,
  {
    'get-github-app-install-url': () =>
      import('./handlers/get-github-app-install-url').then((m) => m.getGithubAppInstallUrl),
    'complete-github-app-installation': () =>
      import('./handlers/complete-github-app-installation').then(
        (m) => m.completeGithubAppInstallation,
      ),
    'validate-github-repository': () =>
      import('./handlers/validate-github-repository').then((m) => m.validateGithubRepository),
    'link-github-repository': () =>
      import('./handlers/link-github-repository').then((m) => m.linkGithubRepository),
    'unlink-github-repository': () =>
      import('./handlers/unlink-github-repository').then((m) => m.unlinkGithubRepository),
    'sync-github-repository': () =>
      import('./handlers/sync-github-repository').then((m) => m.syncGithubRepository),
    'receive-github-webhook': () =>
      import('./handlers/receive-github-webhook').then((m) => m.receiveGithubWebhook),
  },
  { loadProfile: loadCallerProfile },
);
