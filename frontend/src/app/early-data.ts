/**
 * The data of the page a visitor opened, asked for at boot rather than once the page has rendered:
 * on a phone the first render takes the better part of a second, and the template page's largest
 * image cannot start before its template has come (docs/architecture.md, Mobile performance).
 * Only the public catalog reads, which every visitor makes; the page's own queries (the same
 * `queryOptions`) find the answer in the cache or the request in flight. A signed-out browser
 * asks at once (the API is at `/api` whatever the config says); a signed-in one sends its token,
 * so it waits for `/config.json`, which the sign-in library needs.
 * On a template page the gallery's first image, the page's largest element, is asked for as soon
 * as the template has come, while the page's code may still be on its way.
 * Its own chunk, loaded on those two pages only (main.tsx), so the home page's first load does not
 * carry it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { hasStoredSession } from '../lib/amplify';
import { paths } from '../config/paths';
import {
  templateQuery,
  templatesQuery,
  filtersFromSearchParams,
  galleryImages,
} from '@/features/catalog';

/** Fetches an image at high priority now; the page's `<img>` of the same address finds it. */
const preloadImage = (href: string): void => {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
};

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
  const templateId = matchPath(paths.mvp.path, pathname)?.params.mvpId;
  if (templateId) {
    const query = templateQuery(templateId);
    void queryClient.prefetchQuery(query).then(() => {
      const template = queryClient.getQueryData(query.queryKey);
      const first = template && galleryImages(template)[0];
      if (first) preloadImage(first.view);
    });
  }
};
