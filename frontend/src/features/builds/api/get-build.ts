/**
 * The versions' builds: `GET /api/mvps/{id}/build` (the live version's, public, no log) and
 * `GET /api/mvps/{id}/build/newest` (the newest version's with its log, the seller or an admin),
 * asked again every few seconds while a build runs. A 404 is an answer, not a failure worth
 * retrying.
 */
import { useQuery } from '@tanstack/react-query';
import { BUILD_POLL_SECONDS } from '@contract/builds';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { buildKeys } from './keys';

const retry = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 2;

export function useLiveBuild(templateId: string) {
  return useQuery({
    queryKey: buildKeys.live(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/build', { params: { id: templateId }, signal }),
    retry,
    staleTime: 60_000,
  });
}

/** The newest version's report; `poll`: asked again while it says a build runs (the seller's). */
export function useNewestBuild(templateId: string, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: buildKeys.newest(templateId),
    queryFn: ({ signal }) =>
      api('GET /api/mvps/{id}/build/newest', { params: { id: templateId }, signal }),
    retry,
    staleTime: 10_000,
    refetchInterval: (query) =>
      options.poll && query.state.data?.running ? BUILD_POLL_SECONDS * 1_000 : false,
  });
}

/** A missing build (no version, a template that is not public) is said as such. */
export const isMissingBuild = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
