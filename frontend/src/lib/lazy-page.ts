/**
 * `React.lazy` for everything but the home page (the pages, the launch overlay): the component
 * renders once its code, the page recipes (the other components' Chakra recipes, see
 * chakra-theme.ts) and zod's browser setting (zod-config.ts) have all loaded, so it never paints
 * unstyled and never trips the CSP. None of the three is on a first visit to the home page.
 *
 * `preload()` starts the same loading before React renders the page: boot calls it for the page
 * the visitor opened (router.tsx, `preloadRoute`), so the page's code comes while `/config.json`
 * does instead of after it. Both share one promise.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadPageSystem } from './chakra-theme';

// The constraint of React's own `lazy`: a component of any props, which the page's JSX checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type LazyPage<T extends AnyComponent> = LazyExoticComponent<T> & {
  preload: () => Promise<{ default: T }>;
};

export const lazyPage = <T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): LazyPage<T> => {
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= (async () => {
      // zod decides when a schema is built (as the page's contracts load) whether it may compile
      // with `new Function`, so its setting must be in force first. A tiny chunk, fetched once.
      await import('./zod-config');
      const [module] = await Promise.all([load(), loadPageSystem()]);
      return module;
    })().catch((error: unknown) => {
      // A load that failed (a dropped connection) starts again when the page itself renders.
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
};
