/** A seller's GitHub App connection and the repositories their templates sync from. */
import type {
  GithubInstallationBody,
  GithubInstallUrl,
  GithubLinkBody,
  GithubLinkResult,
  GithubMessage,
  GithubRepositoryBody,
  GithubRepositoryCheck,
  GithubSyncResult,
} from '../github';
import { defineRoutes, route } from './table';

export const githubRoutes = defineRoutes('github', {
  'POST /api/webhooks/github': route<{ response: GithubMessage }>({
    operation: 'receive-github-webhook',
    access: 'public',
    summary:
      "GitHub push events of linked repositories, verified by the template's own secret on the raw body, applied once each (X-GitHub-Delivery).",
  }),
  'GET /api/github/app/install-url': route<{ response: GithubInstallUrl }>({
    operation: 'get-github-app-install-url',
    access: 'approved-seller',
    summary: "The GitHub App's installation page with a signed, single-use state.",
  }),
  'POST /api/github/app/installations': route<{
    body: GithubInstallationBody;
    response: GithubMessage;
  }>({
    operation: 'complete-github-app-installation',
    access: 'approved-seller',
    summary:
      'Completes the App installation (/github-app-callback): state checked, installation stored.',
  }),
  'POST /api/my/mvps/{id}/github/validate': route<{
    body: GithubRepositoryBody;
    response: GithubRepositoryCheck;
  }>({
    operation: 'validate-github-repository',
    access: 'approved-seller',
    summary:
      "Whether the seller's App installation sees the repository (the template's owner only).",
  }),
  'PUT /api/my/mvps/{id}/github': route<{ body: GithubLinkBody; response: GithubLinkResult }>({
    operation: 'link-github-repository',
    access: 'approved-seller',
    summary:
      'Links the template to a repository with a webhook secret (generated or given, never returned); the owner only.',
  }),
  'DELETE /api/my/mvps/{id}/github': route<{ response: GithubLinkResult }>({
    operation: 'unlink-github-repository',
    access: 'approved-seller',
    summary: "Unlinks the template's repository and removes our webhook; the owner only.",
  }),
  'POST /api/my/mvps/{id}/github/sync': route<{ response: GithubSyncResult }>({
    operation: 'sync-github-repository',
    access: 'approved-seller',
    summary:
      'Syncs the head of the default branch as a new version (nothing when already synced); the owner only.',
  }),
});
