/**
 * The admin's newsletter issues: the list (polled while one is sending), one issue with its
 * audience, compose a draft, send it; and the newsletter types to choose from.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminNewsletterIssue } from '@contract/newsletter-issues';
import { api, type ApiBody } from '@/lib/api-client';

export const newsletterIssueKeys = {
  all: ['admin', 'newsletter-issues'] as const,
  detail: (id: string) => ['admin', 'newsletter-issues', id] as const,
  types: ['admin', 'newsletter-types', 'for-issues'] as const,
};

/** How often the list refreshes while an issue is being sent. */
export const SENDING_POLL_MS = 2000;

const isSending = (items: readonly AdminNewsletterIssue[] | undefined) =>
  Boolean(items?.some((issue) => issue.status === 'sending'));

/**
 * Puts an issue as the API just answered it into the list, and marks the list stale without asking
 * for it again now. The list is read from an index that follows writes a moment later (a
 * DynamoDB global secondary index is eventually consistent), so a list asked for at once could
 * leave out the draft just saved or show the issue just sent as a draft: the answer is the truth.
 * The list is asked for again when it is next shown, and every 2 s while an issue is sending.
 */
export function showIssue(queryClient: QueryClient, issue: AdminNewsletterIssue): Promise<void> {
  queryClient.setQueryData<AdminNewsletterIssue[]>(newsletterIssueKeys.all, (items) =>
    items?.some((item) => item.id === issue.id)
      ? items.map((item) => (item.id === issue.id ? issue : item))
      : items && [issue, ...items],
  );
  return queryClient.invalidateQueries({ queryKey: newsletterIssueKeys.all, refetchType: 'none' });
}

export function useNewsletterIssues() {
  return useQuery({
    queryKey: newsletterIssueKeys.all,
    queryFn: async ({ signal }) =>
      (await api('GET /api/admin/newsletter-issues', { signal })).items,
    refetchInterval: (query) => (isSending(query.state.data) ? SENDING_POLL_MS : false),
  });
}

/** One issue; for a draft, `audience` is how many addresses a send would reach now. */
export function useNewsletterIssue(id: string | undefined) {
  return useQuery({
    queryKey: newsletterIssueKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api('GET /api/admin/newsletter-issues/{id}', { params: { id: id! }, signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useNewsletterTypesForIssues() {
  return useQuery({
    queryKey: newsletterIssueKeys.types,
    queryFn: async ({ signal }) =>
      (await api('GET /api/admin/newsletter-types', { signal })).items.filter(
        (type) => type.is_active,
      ),
  });
}

export function useCreateNewsletterIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/admin/newsletter-issues'>) =>
      api('POST /api/admin/newsletter-issues', { body }),
    onSuccess: (issue) => showIssue(queryClient, issue),
    onError: () => queryClient.invalidateQueries({ queryKey: newsletterIssueKeys.all }),
  });
}

export function useSendNewsletterIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/admin/newsletter-issues/{id}/send', { params: { id } }),
    onSuccess: (issue) => showIssue(queryClient, issue),
    onError: () => queryClient.invalidateQueries({ queryKey: newsletterIssueKeys.all }),
  });
}
