/**
 * The data of the page a visitor opened, asked for at boot rather than once the page has rendered:
 * on a phone the first render takes the better part of a second, and the template page's largest
 * image cannot start before its template has come (docs/architecture.md, Mobile performance).
 * Only the public catalog reads, which every visitor makes; the page's own queries (the same
 * `queryOptions`) find the answer in the cache or the request in flight. A signed-out browser
 * asks at once (the API is at `/api` whatever the config says); a signed-in one sends its token,
 * so it waits for `/config.json`, which the sign-in library needs.
 * Its own chunk, loaded on those two pages only (main.tsx), so the home page's first load does not
 * carry it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { hasStoredSession } from '../lib/amplify';
import { paths } from '../config/paths';
import { templateQuery } from '../features/catalog/api/get-template';
import { templatesQuery } from '../features/catalog/api/get-templates';
import { filtersFromSearchParams } from '../features/catalog/lib/browse-filters';

export const prefetchPageData = async (
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
  configLoad: Promise<unknown>,
): Promise<void> => {
  if (hasStoredSession()) await configLoad;
  if (matchPath(paths.browse.path, pathname)) {
    const filters = filtersFromSearchParams(new URLSearchParams(search));
    void queryClient.prefetchQuery(templatesQuery(filters));
  }
  const template = matchPath(paths.mvp.path, pathname);
  if (template?.params.mvpId) void queryClient.prefetchQuery(templateQuery(template.params.mvpId));
};
