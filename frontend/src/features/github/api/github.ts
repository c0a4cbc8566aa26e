/**
 * The seller's GitHub integration: the App installation round trip, and a
 * template's repository link, validation, unlink and Sync. Every change refreshes My MVPs.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GithubInstallationBody, GithubLinkBody } from '@contract/github';
import { api } from '@/lib/api-client';
import { templateKeys } from '@/features/templates';

/** Fetches the App's installation page (with a fresh signed state) and goes there. */
export function useInstallGithubApp() {
  return useMutation({
    mutationFn: () => api('GET /api/github/app/install-url', {}),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useCompleteGithubInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GithubInstallationBody) =>
      api('POST /api/github/app/installations', { body }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useValidateRepository(templateId: string) {
  return useMutation({
    mutationFn: (body: { owner: string; name: string }) =>
      api('POST /api/my/mvps/{id}/github/validate', { params: { id: templateId }, body }),
  });
}

export function useLinkRepository(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GithubLinkBody) =>
      api('PUT /api/my/mvps/{id}/github', { params: { id: templateId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.mine }),
  });
}

export function useUnlinkRepository(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/my/mvps/{id}/github', { params: { id: templateId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.mine }),
  });
}

export function useSyncRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) =>
      api('POST /api/my/mvps/{id}/github/sync', { params: { id: templateId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.mine }),
  });
}
