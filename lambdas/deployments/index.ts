/**
 * The deployments Lambda: a buyer's GitHub and Netlify connections, deployments of templates into
 * their own repository and site, and upgrade pull requests.
 */
import { loadCallerProfile } from '../profiles/profile-loader';
import { deploymentsRoutes } from '../../contract/routes/deployments';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  deploymentsRoutes,
  {
    'start-github-connection': () =>
      import('./handlers/start-github-connection').then((m) => m.startGithubConnectionOperation),
    'complete-github-connection': () =>
      import('./handlers/complete-github-connection').then(
        (m) => m.completeGithubConnectionOperation,
      ),
    'disconnect-github': () =>
      import('./handlers/disconnect-github').then((m) => m.disconnectGithubOperation),
    'get-connections': () =>
      import('./handlers/get-connections').then((m) => m.getConnectionsOperation),
    'create-deployment': () =>
      import('./handlers/create-deployment').then((m) => m.createDeploymentOperation),
    'get-deployment': () =>
      import('./handlers/get-deployment').then((m) => m.getDeploymentOperation),
    'list-my-deployments': () =>
      import('./handlers/list-my-deployments').then((m) => m.listMyDeploymentsOperation),
    'get-netlify-authorize-url': () =>
      import('./handlers/get-netlify-authorize-url').then((m) => m.getNetlifyAuthorizeUrlOperation),
    'complete-netlify-connection': () =>
      import('./handlers/complete-netlify-connection').then(
        (m) => m.completeNetlifyConnectionOperation,
      ),
    'resume-deployment': () =>
      import('./handlers/resume-deployment').then((m) => m.resumeDeploymentOperation),
    'open-upgrade-pull-request': () =>
      import('./handlers/open-upgrade-pull-request').then((m) => m.openUpgradePullRequestOperation),
  },
  { loadProfile: loadCallerProfile },
);
