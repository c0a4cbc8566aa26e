/** A buyer's one-click deploys to their own GitHub repository and Netlify site, and the stories told about them. */
import type {
  AuthorizeUrl,
  Connections,
  ContinueDeploymentBody,
  ContinuedDeployment,
  CreatedDeployment,
  CreateDeploymentBody,
  Deployment,
  DeploymentList,
  GithubAuthorizeBody,
  GithubCallbackResult,
  NetlifyCallbackResult,
  OAuthCallbackBody,
  UpgradePullRequest,
} from '../deployments';
import { defineRoutes, route } from './table';

export const deploymentsRoutes = defineRoutes('deployments', {
  'POST /api/deployments/github/authorize-url': route<{
    body: GithubAuthorizeBody;
    response: AuthorizeUrl;
  }>({
    operation: 'start-github-connection',
    access: 'user',
    summary:
      "GitHub's authorize page for the caller (initiate-buyer-github-oauth) with a signed, single-use state, for a template or just to connect.",
  }),
  'POST /api/deployments/github/callback': route<{
    body: OAuthCallbackBody;
    response: GithubCallbackResult;
  }>({
    operation: 'complete-github-connection',
    access: 'user',
    summary:
      "Completes the caller's GitHub authorisation (/buyer-github-callback): state consumed, code exchanged, token sealed; answers the login.",
  }),
  'DELETE /api/deployments/github': route<{ response: { message: string } }>({
    operation: 'disconnect-github',
    access: 'user',
    summary: "Forgets the caller's GitHub token (Settings → Connections).",
  }),
  'GET /api/my/connections': route<{ response: Connections }>({
    operation: 'get-connections',
    access: 'user',
    summary: 'Which of GitHub and Netlify the caller connected, as whom; never a token.',
  }),
  'POST /api/deployments': route<{ body: CreateDeploymentBody; response: CreatedDeployment }>({
    operation: 'create-deployment',
    access: 'user',
    summary:
      "Spends a download as Download does and starts the repository step (a private repository with the template's files) of a new deployment.",
  }),
  'GET /api/my/deployments': route<{ response: DeploymentList }>({
    operation: 'list-my-deployments',
    access: 'user',
    summary: "The caller's deployments with their templates, newest first.",
  }),
  'GET /api/deployments/{id}': route<{ response: Deployment }>({
    operation: 'get-deployment',
    access: 'user',
    summary: "One deployment's status (polled every 5 s); its buyer only, 404 for anyone else.",
  }),
  'POST /api/deployments/{id}/netlify/authorize-url': route<{ response: AuthorizeUrl }>({
    operation: 'get-netlify-authorize-url',
    access: 'user',
    summary: "Netlify's authorize page for the caller's deployment once its repository exists.",
  }),
  'POST /api/deployments/netlify/callback': route<{
    body: OAuthCallbackBody;
    response: NetlifyCallbackResult;
  }>({
    operation: 'complete-netlify-connection',
    access: 'user',
    summary:
      'Completes the Netlify authorisation (/buyer-netlify-callback): token sealed, the site step started.',
  }),
  'POST /api/deployments/{id}/resume': route<{
    body: ContinueDeploymentBody;
    response: ContinuedDeployment;
  }>({
    operation: 'resume-deployment',
    access: 'user',
    summary:
      "Continue: resumes the caller's stopped deployment from its last finished step with the same repository (never another download); 404 for anyone else's.",
  }),
  'POST /api/deployments/{id}/upgrade-pull-request': route<{ response: UpgradePullRequest }>({
    operation: 'open-upgrade-pull-request',
    access: 'user',
    summary:
      "Opens (once per version) a pull request with the template's latest approved version and its changelogs in the caller's repository.",
  }),
});
