/**
 * The buyer deployment calls: the GitHub connection, the
 * repository step, Netlify's authorisation and callback, the status poll (5 s, 10 min cap), the
 * buyer's list, Continue of a stopped deployment and upgrade pull requests, each a route of the contract
 * (contract/deployments.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deployment } from '@contract/deployments';
import { api } from '@/lib/api-client';
import { isDeploymentPending, pollInterval } from '../lib/deployment-status';

export type { Deployment };

export const deploymentKeys = {
  all: ['deployments'] as const,
  mine: ['deployments', 'mine'] as const,
  one: (id: string) => ['deployments', id] as const,
  connections: ['deployments', 'connections'] as const,
};

/** Starts the buyer's GitHub OAuth (for a deployment of `mvp_id`, or just to connect) and goes there. */
export function useConnectGithub() {
  return useMutation({
    mutationFn: (body: { mvp_id?: string }) =>
      api('POST /api/deployments/github/authorize-url', { body }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useCompleteGithubAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      api('POST /api/deployments/github/callback', { body }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useDisconnectGithub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/deployments/github'),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useConnections(enabled = true) {
  return useQuery({
    queryKey: deploymentKeys.connections,
    queryFn: ({ signal }) => api('GET /api/my/connections', { signal }),
    enabled,
  });
}

/** Spends a download and starts the repository step; answers the deployment's id. */
export function useCreateRepository() {
  return useMutation({
    mutationFn: ({ mvpId, repoName }: { mvpId: string; repoName: string }) =>
      api('POST /api/deployments', { body: { mvp_id: mvpId, repo_name: repoName } }),
  });
}

/** Netlify's authorisation page for a deployment whose repository exists. */
export function useNetlifyAuthorization() {
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/deployments/{id}/netlify/authorize-url', { params: { id } }),
  });
}

export function useCompleteNetlifyAuthorization() {
  return useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      api('POST /api/deployments/netlify/callback', { body }),
  });
}

/** The deployment, polled every 5 s until it ends or 10 minutes have passed since `startedAt`. */
export function useDeploymentStatus(id: string | undefined, startedAt: number) {
  return useQuery({
    queryKey: deploymentKeys.one(id ?? ''),
    queryFn: ({ signal }) => api('GET /api/deployments/{id}', { params: { id: id! }, signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => pollInterval(query.state.data?.status, startedAt),
  });
}

/** While an upgrade pull request is being opened, the list is read again every 2 s. */
export const UPGRADE_POLL_INTERVAL_MS = 2000;

export function useMyDeployments(enabled = true) {
  return useQuery({
    queryKey: deploymentKeys.mine,
    queryFn: ({ signal }) => api('GET /api/my/deployments', { signal }),
    select: (answer) => answer.items,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.upgrade_status === 'opening')
        ? UPGRADE_POLL_INTERVAL_MS
        : query.state.data?.items.some(isDeploymentPending)
          ? DEPLOYMENT_LIST_POLL_INTERVAL_MS
          : false,
  });
}

/** While a deployment's step runs (after Continue, say), the list is read again every 5 s. */
export const DEPLOYMENT_LIST_POLL_INTERVAL_MS = 5000;

/**
 * Continue: the deployment resumes from its last finished step; when that is Netlify's
 * authorisation, the browser goes there, as after the repository step.
 */
export function useContinueDeployment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, repoName }: { id: string; repoName?: string }) =>
      api('POST /api/deployments/{id}/resume', {
        params: { id },
        body: repoName ? { repo_name: repoName } : {},
      }),
    onSuccess: (answer) => {
      if (answer.next === 'authorize_netlify' && answer.authorize_url) {
        window.location.assign(answer.authorize_url);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deploymentKeys.all }),
  });
}

export function useOpenUpgradePullRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/deployments/{id}/upgrade-pull-request', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deploymentKeys.mine }),
  });
}
