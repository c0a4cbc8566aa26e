/**
 * The buyer deployment calls (buyer spec §4, §7 functions). PROVISIONAL: the deployments contract
 * (lambdas/shared/contracts/deployments.ts, its route rows and `@contracts/api` types) was not yet
 * committed when this was written, so the answers are typed here and the routes are named in
 * `DEPLOYMENT_ROUTES`, sent through the client's `sendRequest`. Once the contract lands, each call
 * becomes `api('<route>', …)` with the contract's types and this file loses its one cast.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteKey } from '@contracts/api';
import { failureOf, sendRequest, type RequestParts } from '../../../lib/api-client';
import { pollInterval } from '../lib/deployment-status';

export const DEPLOYMENT_ROUTES = {
  githubAuthorizeUrl: 'POST /api/deployments/github/authorize-url',
  githubCallback: 'POST /api/deployments/github/callback',
  githubDisconnect: 'DELETE /api/deployments/github',
  createRepository: 'POST /api/deployments',
  netlifyCallback: 'POST /api/deployments/netlify/callback',
  get: 'GET /api/deployments/{id}',
  mine: 'GET /api/my/deployments',
  upgradePullRequest: 'POST /api/deployments/{id}/upgrade-pull-request',
} as const;

export interface Deployment {
  id: string;
  mvp_id: string;
  repo_name: string | null;
  status: string;
  error_message: string | null;
  netlify_site_url: string | null;
  github_repo_url?: string | null;
  version?: string | null;
  latest_version?: string | null;
  upgrade_available?: boolean;
  pull_request_url?: string | null;
  created_at: string;
  updated_at: string;
  mvp?: { title: string; slug: string; preview_images?: string[] } | null;
}

export interface GithubCallbackResult {
  success: boolean;
  github_username?: string;
  mvp_id?: string;
  deployment_id?: string;
  message?: string;
}

export interface NetlifyCallbackResult {
  success: boolean;
  message?: string;
  netlify_site_url?: string | null;
  deployment_id?: string;
}

async function call<Answer>(route: string, parts: RequestParts = {}): Promise<Answer> {
  // The one cast: the route rows are not in the table yet (see the file comment).
  const response = await sendRequest(route as RouteKey, parts, 'application/json');
  if (!response.ok) throw await failureOf(response);
  return (await response.json().catch(() => undefined)) as Answer;
}

export const deploymentKeys = {
  all: ['deployments'] as const,
  mine: ['deployments', 'mine'] as const,
  one: (id: string) => ['deployments', id] as const,
};

/** Starts the buyer's GitHub OAuth (for a deployment of `mvp_id`, or just to connect) and goes there. */
export function useConnectGithub() {
  return useMutation({
    mutationFn: (body: { mvp_id?: string }) =>
      call<{ url: string }>(DEPLOYMENT_ROUTES.githubAuthorizeUrl, { body }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useCompleteGithubAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      call<GithubCallbackResult>(DEPLOYMENT_ROUTES.githubCallback, { body }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useDisconnectGithub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call<{ message: string }>(DEPLOYMENT_ROUTES.githubDisconnect),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Creates the repository and pushes the template; answers the Netlify authorisation URL too. */
export function useCreateRepository() {
  return useMutation({
    mutationFn: ({ mvpId, repoName }: { mvpId: string; repoName: string }) =>
      call<{ github_repo_url: string; deployment_id: string; netlify_auth_url?: string }>(
        DEPLOYMENT_ROUTES.createRepository,
        { body: { mvp_id: mvpId, repo_name: repoName } },
      ),
  });
}

export function useCompleteNetlifyAuthorization() {
  return useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      call<NetlifyCallbackResult>(DEPLOYMENT_ROUTES.netlifyCallback, { body }),
  });
}

/** The deployment, polled every 5 s until it ends or 10 minutes have passed since `startedAt`. */
export function useDeploymentStatus(id: string | undefined, startedAt: number) {
  return useQuery({
    queryKey: deploymentKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      call<Deployment>(DEPLOYMENT_ROUTES.get, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => pollInterval(query.state.data?.status, startedAt),
  });
}

export function useMyDeployments(enabled = true) {
  return useQuery({
    queryKey: deploymentKeys.mine,
    queryFn: ({ signal }) =>
      call<{ items: Deployment[] } | Deployment[]>(DEPLOYMENT_ROUTES.mine, { signal }),
    select: (answer) => (Array.isArray(answer) ? answer : answer.items),
    enabled,
  });
}

export function useOpenUpgradePullRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<{ pull_request_url: string }>(DEPLOYMENT_ROUTES.upgradePullRequest, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deploymentKeys.mine }),
  });
}
