/**
 * The security reports: `GET /api/mvps/{id}/security` (the live version's, public) and
 * `GET /api/mvps/{id}/versions/{versionId}/security` (any version's, its seller or an admin) and
 * `GET /api/mvps/{id}/security/newest` (the newest version's, its seller or an admin). A 404 (no
 * report yet) is an answer, not a failure worth retrying.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { securityKeys } from './keys';

const retry = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 2;

export function useLiveSecurityReport(templateId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: securityKeys.live(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/security', { params: { id: templateId }, signal }),
    enabled: options.enabled ?? true,
    retry,
    staleTime: 60_000,
  });
}

export function useVersionSecurityReport(templateId: string, versionId: string | null) {
  return useQuery({
    queryKey: securityKeys.version(templateId, versionId ?? ''),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/versions/{versionId}/security', {
        params: { id: templateId, versionId: versionId! },
        signal,
      }),
    enabled: Boolean(versionId),
    retry,
    staleTime: 30_000,
  });
}

/** The newest version's report (live, in review, or never live): the seller's pages. */
export function useNewestSecurityReport(templateId: string) {
  return useQuery({
    queryKey: securityKeys.newest(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/security/newest', { params: { id: templateId }, signal }),
    retry,
    staleTime: 30_000,
  });
}

/** A missing report is said as such; anything else as the request's own message. */
export const isMissingReport = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
